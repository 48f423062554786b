import { MESSAGES, SessionUser } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { loginErrorMessage } from './use-login';

const schemaError = (body: unknown) => {
  const result = SessionUser.safeParse(body);
  if (result.success) throw new Error('expected the body to be invalid');
  return new ApiError(MESSAGES.invalidServerResponse, 200, undefined, result.error.issues);
};

describe('login error messages', () => {
  it('shows the server message of a refused login', () => {
    expect(loginErrorMessage(new ApiError(MESSAGES.invalidCredentials, 401))).toBe(
      MESSAGES.invalidCredentials,
    );
  });

  it('says "Datos de usuario inválidos" when the answer lacks id, email or role', () => {
    const user = {
      id: 1,
      username: 'a',
      email: 'a@b.c',
      phone: null,
      role: 'vip',
      role_id: 2,
      permissions: [],
    };
    expect(loginErrorMessage(schemaError({ ...user, email: undefined }))).toBe(MESSAGES.invalidUserData);
    expect(loginErrorMessage(schemaError({ ...user, role: undefined }))).toBe(MESSAGES.invalidUserData);
  });

  it('says "Respuesta inválida del servidor" when the answer is not a user at all', () => {
    expect(loginErrorMessage(schemaError(null))).toBe(MESSAGES.invalidServerResponse);
  });

  it('falls back to "Error al iniciar sesión" for anything unexpected', () => {
    expect(loginErrorMessage(new TypeError('boom'))).toBe(MESSAGES.loginFailed);
  });
});
