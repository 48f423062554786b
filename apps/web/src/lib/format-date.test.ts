import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date';

describe('formatDateTime', () => {
  it('shows dd/mm/yyyy hh:mm in the configured zone, summer and winter time alike', () => {
    expect(formatDateTime('2026-07-05T21:07:00.000Z', 'Europe/Madrid')).toBe('05/07/2026 23:07');
    expect(formatDateTime('2026-01-31T23:30:00.000Z', 'Europe/Madrid')).toBe('01/02/2026 00:30');
    expect(formatDateTime('2026-01-31T23:30:00.000Z', 'America/Mexico_City')).toBe('31/01/2026 17:30');
  });

  it('returns an unreadable date unchanged', () => {
    expect(formatDateTime('ayer', 'Europe/Madrid')).toBe('ayer');
  });
});
