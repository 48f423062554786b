import { SETTINGS_MESSAGES, UserCreateBody } from '@app/contracts';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { describe, expect, it } from 'vitest';

describe('user dialog validation', () => {
  it('asks for a role instead of defaulting to one, and applies the registration password rules', () => {
    const errors = zod4Resolver(UserCreateBody)({
      username: 'ana',
      email: 'ana@example.com',
      phone: '',
      password: '123',
      role_id: null,
      is_active: true,
    });
    expect(errors).toEqual({
      role_id: SETTINGS_MESSAGES.chooseRole,
      password: 'La contraseña debe tener al menos 6 caracteres',
    });
  });
});
