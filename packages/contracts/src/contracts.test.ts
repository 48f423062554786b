import { describe, expect, it } from 'vitest';
import {
  buildPath,
  LoginBody,
  MESSAGES,
  roleDisplayName,
  sortTools,
  SessionUser,
  TOOL_NAMES,
  TOOL_TITLES,
} from './index';

describe('tools', () => {
  it('orders the dashboard cards as the spec says and drops unknown names', () => {
    expect(sortTools(['texto', 'config', 'membresia', 'desconocida', 'ytvideo'])).toEqual([
      'membresia',
      'ytvideo',
      'texto',
      'config',
    ]);
    expect(TOOL_NAMES.map((tool) => TOOL_TITLES[tool])).toEqual([
      'Membresía',
      'Cafelito Virtual',
      'Descarga de YouTube',
      'Descarga de Instagram',
      'RedGram',
      'Texto',
      'Configuración',
      'Estadísticas',
      'Comunicados',
    ]);
  });
});

describe('LoginBody', () => {
  it('trims the email and asks to fill every field when one is empty', () => {
    expect(LoginBody.parse({ email: '  ana@example.com ', password: 'x' }).email).toBe('ana@example.com');
    const result = LoginBody.safeParse({ email: '   ', password: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      MESSAGES.fillAllFields,
      MESSAGES.fillAllFields,
    ]);
  });

  it('answers wrong types in Spanish', () => {
    const result = SessionUser.safeParse({ id: 'uno' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/Entrada inválida|esperado/i);
  });
});

describe('buildPath', () => {
  it('fills and encodes path parameters and refuses a missing one', () => {
    expect(buildPath('/api/users/:id', { id: 7 })).toBe('/api/users/7');
    expect(buildPath('/api/x/:name', { name: 'a/b' })).toBe('/api/x/a%2Fb');
    expect(() => buildPath('/api/users/:id', {})).toThrow();
  });
});

describe('roleDisplayName', () => {
  it.each([
    ['cafeinas', 'Cafeínas'],
    ['estrategas', 'Estrategas'],
    ['vip', 'VIP'],
    [' VIP ', 'VIP'],
    ['admin', 'Admin'],
    ['invitado', 'Invitado'],
    ['', ''],
  ])('writes %s as %s', (role, shown) => {
    expect(roleDisplayName(role)).toBe(shown);
  });
});
