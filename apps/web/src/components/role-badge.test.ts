import { describe, expect, it } from 'vitest';
import { roleColor } from './role-badge';

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
});
