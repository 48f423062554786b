import { describe, expect, it } from 'vitest';
import { spanishList } from './membership-panel';

describe('spanishList', () => {
  const icu = new Intl.ListFormat('es', { style: 'long', type: 'conjunction' });

  it.each([
    [[]],
    [['Membresía']],
    [['Cafelito Virtual', 'Membresía']],
    [['Membresía', 'Texto', 'IG Video']],
    [['Texto', 'YT Video', 'IG Video']],
    [['agua', 'hielo']],
    [['agua', 'Hilo']],
    [['agua', 'Índice']],
  ])('writes %j as Intl.ListFormat("es") does', (items) => {
    expect(spanishList(items)).toBe(icu.format(items));
  });

  it('joins with commas and "y", or "e" before the sound i', () => {
    expect(spanishList(['Cafelito Virtual', 'Membresía', 'RedGram'])).toBe(
      'Cafelito Virtual, Membresía y RedGram',
    );
    expect(spanishList(['Texto', 'IG Video'])).toBe('Texto e IG Video');
  });
});
