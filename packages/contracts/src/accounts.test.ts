import { describe, expect, it } from 'vitest';
import {
  NewPasswordForm,
  PasswordResetRequestBody,
  ProfileBody,
  RegisterBody,
  RegisterForm,
  UsernameField,
  USERNAME_MESSAGES,
} from './index';

/** The first message of each field, as the form resolver and the API show them. */
const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[String(issue.path[0])] ??= issue.message;
  return first;
};

describe('account forms', () => {
  it('registration: every empty field says what is missing (spec section 5)', () => {
    const result = RegisterForm.safeParse({
      username: '',
      email: '',
      phone: '',
      password: '',
      confirmPassword: 'x',
    });
    expect(messages(result)).toEqual({
      username: 'El nombre de usuario es obligatorio',
      email: 'El correo electrónico es obligatorio',
      phone: 'El teléfono es obligatorio',
      password: 'La contraseña es obligatoria',
      confirmPassword: 'Las contraseñas no coinciden',
    });
  });

  it('registration: a bad email, a short password and a differing confirmation', () => {
    const result = RegisterForm.safeParse({
      username: 'ana',
      email: 'ana@',
      phone: '600',
      password: '12345',
      confirmPassword: '12345',
    });
    expect(messages(result)).toEqual({
      email: 'El correo electrónico no es válido',
      password: 'La contraseña debe tener al menos 6 caracteres',
    });
    const mismatch = RegisterForm.safeParse({
      username: 'ana',
      email: 'ana@example.com',
      phone: '600',
      password: '123456',
      confirmPassword: '1234567',
    });
    expect(messages(mismatch)).toEqual({ confirmPassword: 'Las contraseñas no coinciden' });
  });

  it('registration body refuses a role or active flag a visitor sends', () => {
    const result = RegisterBody.safeParse({
      username: 'ana',
      email: 'ana@example.com',
      phone: '600',
      password: '123456',
      role_id: 1,
      is_active: 1,
    });
    expect(messages(result)).toEqual({ undefined: 'Campos no permitidos: role_id, is_active' });
  });

  it('recovery: the spec messages for an empty and an invalid email', () => {
    expect(messages(PasswordResetRequestBody.safeParse({ email: ' ' }))).toEqual({
      email: 'Por favor, introduce tu correo electrónico',
    });
    expect(messages(PasswordResetRequestBody.safeParse({ email: 'nope' }))).toEqual({
      email: 'Por favor, introduce un correo electrónico válido',
    });
  });

  it('new password: 6 characters minimum and a matching confirmation', () => {
    expect(messages(NewPasswordForm.safeParse({ password: '123', confirmPassword: '123' }))).toEqual({
      password: 'La contraseña debe tener al menos 6 caracteres',
    });
    expect(messages(NewPasswordForm.safeParse({ password: '123456', confirmPassword: '' }))).toEqual({
      confirmPassword: 'Las contraseñas no coinciden',
    });
  });

  it('profile: phone and password optional, a blank password kept blank, role fields refused', () => {
    expect(ProfileBody.parse({ username: 'ana', email: 'ana@example.com' })).toEqual({
      username: 'ana',
      email: 'ana@example.com',
      phone: '',
      password: '',
      current_password: '',
    });
    expect(
      messages(
        ProfileBody.safeParse({ username: 'ana', email: 'ana@example.com', role_id: 1, is_active: false }),
      ),
    ).toEqual({ undefined: 'Campos no permitidos: role_id, is_active' });
    expect(
      messages(ProfileBody.safeParse({ username: 'ana', email: 'ana@example.com', password: '12' })),
    ).toEqual({
      password: 'La contraseña debe tener al menos 6 caracteres',
    });
  });
});

describe('usernames that could deceive (issue 23)', () => {
  it.each([
    ['a right-to-left override', 'admin\u202e'],
    ['a zero-width space', 'ad\u200bmin'],
    ['a zero-width joiner', 'ad\u200dmin'],
    ['a NUL', 'admin\u0000'],
    ['a line break inside', 'ad\nmin'],
    ['a byte-order mark inside', 'ad\ufeffmin'],
  ])('refuses %s with a Spanish message', (_name, username) => {
    const result = UsernameField.safeParse(username);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(USERNAME_MESSAGES.invisible);
  });

  it('refuses a name that mixes Latin and Cyrillic look-alikes', () => {
    const result = UsernameField.safeParse('\u0430dmin');
    expect(result.error?.issues[0]?.message).toBe(USERNAME_MESSAGES.mixedScripts);
  });

  it('normalises compatibility forms (NFKC) and keeps names in one alphabet', () => {
    expect(UsernameField.parse('ａｄｍｉｎ')).toBe('admin');
    expect(UsernameField.parse('ﬁlo')).toBe('filo');
    expect(UsernameField.parse('José Ñúñez')).toBe('José Ñúñez');
    expect(UsernameField.parse('Дмитрий')).toBe('Дмитрий');
    expect(UsernameField.parse('user_42')).toBe('user_42');
  });
});

describe('usernames: letters, digits and a few separators of one script (issue 35)', () => {
  it.each([
    ['a Hangul filler', 'admin\u3164'],
    ['a half-width Hangul filler', 'admin\uffa0'],
    ['a Hangul choseong filler', 'admin\u115f'],
    ['a variation selector', 'admin\ufe0f'],
    ['a combining grapheme joiner', 'admin\u034f'],
    ['a Mongolian free variation selector', 'admin\u180b'],
    ['a Khmer inherent vowel', 'admin\u17b4'],
    ['a line separator inside', 'ad\u2028min'],
    ['a paragraph separator inside', 'ad\u2029min'],
  ])('refuses %s as invisible', (_name, username) => {
    const result = UsernameField.safeParse(username);
    expect(result.error?.issues[0]?.message).toBe(USERNAME_MESSAGES.invisible);
  });

  it.each([
    ['a blank Braille pattern', 'admin\u2800'],
    ['a Latin small capital', 'ad\u1d0din'],
    ['an IPA letter', '\u0251dmin'],
    ['a combining mark that composes with nothing', 'admin\u0301\u0301'],
    ['a symbol', 'admin\u2606'],
    ['punctuation other than the separators', 'ad!min'],
    ['a letter of a script not recommended for identifiers', '\u2c81\u2c9b\u2c81'],
  ])('refuses %s with a Spanish message', (_name, username) => {
    const result = UsernameField.safeParse(username);
    expect(result.error?.issues[0]?.message).toBe(USERNAME_MESSAGES.notAllowed);
  });

  it('refuses letters of two scripts, Greek or Armenian among Latin included', () => {
    for (const username of ['\u03bfscar', 'p\u0561blo', 'ана\u10d0']) {
      expect(UsernameField.safeParse(username).error?.issues[0]?.message).toBe(
        USERNAME_MESSAGES.mixedScripts,
      );
    }
  });

  it('keeps names of one script with their separators, accents and digits', () => {
    for (const username of [
      "O'Brien",
      'Eva María',
      'ana.garcia-ruiz_2',
      'Nguyễn Văn',
      'Ελένη',
      'Дмитрий',
      'राम',
      'やまだ太郎',
      'ヤマダー',
      '김민준',
      'محمد',
    ]) {
      expect(UsernameField.safeParse(username).error?.issues[0]?.message).toBeUndefined();
    }
  });
});
