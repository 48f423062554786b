import type { Video } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { LIBRARY_CONFIG } from './library-config';

const video = (id: number, fecha_creacion: string): Video => ({
  id,
  titulo: `Clase ${id}`,
  descripcion: '',
  categoria_id: 1,
  categoria_nombre: 'General',
  url: 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view',
  material: null,
  visto: false,
  orden: id,
  fecha_creacion,
});

describe('library configuration', () => {
  it('shows Membresía dates as dd/mm/yyyy and Cafelito Virtual dates in long Spanish form', () => {
    const iso = '2026-03-05T12:00:00.000Z';
    expect(LIBRARY_CONFIG.membresia.formatDate(iso)).toBe('05/03/2026');
    expect(LIBRARY_CONFIG['cafelito-virtual'].formatDate(iso)).toBe('5 de marzo de 2026');
  });

  it('sorts Membresía newest first and keeps Cafelito Virtual in the stored order', () => {
    const stored = [
      video(1, '2026-01-01T00:00:00Z'),
      video(2, '2026-03-01T00:00:00Z'),
      video(3, '2026-02-01T00:00:00Z'),
    ];
    expect(LIBRARY_CONFIG.membresia.sortVideos(stored).map((v) => v.id)).toEqual([2, 3, 1]);
    expect(LIBRARY_CONFIG['cafelito-virtual'].sortVideos(stored).map((v) => v.id)).toEqual([1, 2, 3]);
  });

  it('differs in loading look and in what "Reintentar" does', () => {
    expect([LIBRARY_CONFIG.membresia.loading, LIBRARY_CONFIG.membresia.retry]).toEqual(['text', 'refetch']);
    expect([LIBRARY_CONFIG['cafelito-virtual'].loading, LIBRARY_CONFIG['cafelito-virtual'].retry]).toEqual([
      'spinner',
      'reload',
    ]);
  });
});
