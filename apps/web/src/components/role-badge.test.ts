import { describe, expect, it } from 'vitest';
import { capitalize, roleColor } from './role-badge';

describe('role badge', () => {
  it.each([
    ['admin', 'red'],
    ['vip', 'grape'],
    ['cafeinas', 'blue'],
    ['estrategas', 'green'],
    ['Estrategas', 'green'],
    ['invitado', 'gray'],
  ])('colours %s %s', (role, color) => {
    expect(roleColor(role)).toBe(color);
  });

  it('capitalises the role name', () => {
    expect(capitalize('vip')).toBe('Vip');
    expect(capitalize('cafeinas')).toBe('Cafeinas');
    expect(capitalize('')).toBe('');
  });
});
