import { describe, expect, it } from 'vitest';
import { fallbackColor, thumbnailSources, titleInitials } from './class-thumbnail';

const DRIVE = 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUv/view?usp=sharing';

describe('class pictures', () => {
  it("tries the administrator's miniatura first, then the Drive thumbnail", () => {
    expect(thumbnailSources({ miniatura: 'https://cdn.example.com/a.jpg', url: DRIVE })).toEqual([
      'https://cdn.example.com/a.jpg',
      'https://drive.google.com/thumbnail?id=1AbCdEfGhIjKlMnOpQrStUv&sz=w640',
    ]);
    expect(thumbnailSources({ miniatura: null, url: 'https://example.com/video' })).toEqual([]);
  });

  it("draws the fallback from the title's first two words, skipping short ones and symbols", () => {
    expect(titleInitials('Cómo vender en Instagram')).toBe('CV');
    expect(titleInitials('¿Qué es el éxito?')).toBe('QÉ');
    expect(titleInitials('Clase 3 de ventas')).toBe('C3');
    expect(titleInitials('IA')).toBe('I');
  });

  it('gives each category one colour', () => {
    expect(fallbackColor(3)).toBe(fallbackColor(3));
    expect(fallbackColor(1)).not.toBe(fallbackColor(2));
  });
});
