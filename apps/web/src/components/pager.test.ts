import { describe, expect, it } from 'vitest';
import { rangeLabel } from './pager';

describe('pager range label', () => {
  it('says which users of how many are shown', () => {
    expect(rangeLabel(1, 10, 25, 'usuarios')).toBe('Mostrando 1-10 de 25 usuarios');
    expect(rangeLabel(2, 10, 25, 'usuarios')).toBe('Mostrando 11-20 de 25 usuarios');
    expect(rangeLabel(3, 10, 25, 'usuarios')).toBe('Mostrando 21-25 de 25 usuarios');
  });

  it('counts from zero when the list is empty', () => {
    expect(rangeLabel(1, 20, 0, 'acciones')).toBe('Mostrando 0-0 de 0 acciones');
  });
});
