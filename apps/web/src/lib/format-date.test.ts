import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

describe('formatDateTime', () => {
  it('shows dd/mm/yyyy hh:mm in the configured zone, summer and winter time alike', () => {
    expect(formatDateTime('2026-07-05T21:07:00.000Z', 'Europe/Madrid')).toBe('05/07/2026 23:07');
    expect(formatDateTime('2026-01-31T23:30:00.000Z', 'Europe/Madrid')).toBe('01/02/2026 00:30');
    expect(formatDateTime('2026-01-31T23:30:00.000Z', 'America/Mexico_City')).toBe('31/01/2026 17:30');
  });

  it('shows nothing until the zone is known, rather than a time in the browser zone', () => {
    expect(formatDateTime('2026-01-31T23:30:00.000Z', undefined)).toBe('');
  });

  it('returns an unreadable date unchanged', () => {
    expect(formatDateTime('ayer', 'Europe/Madrid')).toBe('ayer');
  });
});

describe('formatDate', () => {
  it('shows the day of the configured zone, in numeric or long Spanish form', () => {
    const lateEvening = '2026-03-05T23:30:00.000Z';
    expect(formatDate(lateEvening, 'Europe/Madrid', 'numeric')).toBe('06/03/2026');
    expect(formatDate(lateEvening, 'Europe/Madrid', 'long')).toBe('6 de marzo de 2026');
    expect(formatDate(lateEvening, 'America/Mexico_City', 'numeric')).toBe('05/03/2026');
  });

  it('shows nothing for an unreadable date or while the zone is unknown', () => {
    expect(formatDate('ayer', 'Europe/Madrid', 'numeric')).toBe('');
    expect(formatDate('2026-03-05T12:00:00.000Z', undefined, 'long')).toBe('');
  });
});
