import { ACCOUNT_MESSAGES, MESSAGES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { serverErrorView } from './server-errors';

const fallback = ACCOUNT_MESSAGES.registerFailed;

describe('serverErrorView', () => {
  it('puts a taken email under the email field with the "use different data" toast', () => {
    const view = serverErrorView(new ApiError(ACCOUNT_MESSAGES.emailTaken, 409, 'email'), { fallback });
    expect(view).toEqual({
      fieldErrors: { email: 'Este correo electrónico ya está registrado' },
      toast: 'Por favor, utiliza un nombre de usuario y correo electrónico diferentes',
    });
  });

  it('flags both fields when a conflict names neither', () => {
    const view = serverErrorView(new ApiError('usuario o email ya existe', 409), {
      fallback,
      unknownConflict: ACCOUNT_MESSAGES.accountTaken,
    });
    expect(view.fieldErrors).toEqual({
      username: ACCOUNT_MESSAGES.accountTaken,
      email: ACCOUNT_MESSAGES.accountTaken,
    });
    expect(view.toast).toBe(ACCOUNT_MESSAGES.useDifferentData);
  });

  it('shows a refused value under its field and as the toast', () => {
    const view = serverErrorView(new ApiError('El teléfono es obligatorio', 400, 'phone'), { fallback });
    expect(view).toEqual({
      fieldErrors: { phone: 'El teléfono es obligatorio' },
      toast: 'El teléfono es obligatorio',
    });
  });

  it('uses the server message, or the fallback for anything that is not an API error', () => {
    expect(serverErrorView(new ApiError(MESSAGES.network, 0), { fallback }).toast).toBe(MESSAGES.network);
    expect(serverErrorView(new TypeError('x'), { fallback })).toEqual({ fieldErrors: {}, toast: fallback });
  });
});
