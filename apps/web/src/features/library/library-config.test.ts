import { describe, expect, it } from 'vitest';
import { LIBRARY_CONFIG } from './library-config';

describe('library configuration', () => {
  it('shows Membresía dates as dd/mm/yyyy and Cafelito Virtual dates in long Spanish form', () => {
    const iso = '2026-03-05T12:00:00.000Z';
    expect(LIBRARY_CONFIG.membresia.formatDate(iso, 'Europe/Madrid')).toBe('05/03/2026');
    expect(LIBRARY_CONFIG['cafelito-virtual'].formatDate(iso, 'Europe/Madrid')).toBe('5 de marzo de 2026');
  });

  it("shows the day in the community's zone, not the browser's", () => {
    const lateEvening = '2026-03-05T23:30:00.000Z';
    expect(LIBRARY_CONFIG.membresia.formatDate(lateEvening, 'Europe/Madrid')).toBe('06/03/2026');
    expect(LIBRARY_CONFIG['cafelito-virtual'].formatDate(lateEvening, 'Europe/Madrid')).toBe(
      '6 de marzo de 2026',
    );
  });

  it('asks the server for Membresía newest first and for Cafelito Virtual in the stored order', () => {
    expect(LIBRARY_CONFIG.membresia.memberSort).toBe('newest');
    expect(LIBRARY_CONFIG['cafelito-virtual'].memberSort).toBe('stored');
  });

  it('differs in loading look and in what "Reintentar" does', () => {
    expect([LIBRARY_CONFIG.membresia.loading, LIBRARY_CONFIG.membresia.retry]).toEqual(['text', 'refetch']);
    expect([LIBRARY_CONFIG['cafelito-virtual'].loading, LIBRARY_CONFIG['cafelito-virtual'].retry]).toEqual([
      'spinner',
      'reload',
    ]);
  });
});
