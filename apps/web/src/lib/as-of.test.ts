import { describe, expect, it } from 'vitest';
import { closedLabel, firstCloseLabel, liveLabel } from './as-of';

describe('as-of labels', () => {
  it('says a live figure is today so far, and a closed one up to yesterday, in the community time zone', () => {
    // 23:30 UTC on the 28th is 00:30 on the 29th in Madrid.
    expect(liveLabel('2026-11-28T23:30:00.000Z', 'Europe/Madrid')).toBe('hoy, hasta las 00:30');
    expect(closedLabel('2026-11-28', '2026-11-28T23:30:00.000Z', 'Europe/Madrid')).toBe('hasta ayer');
    expect(closedLabel('2026-11-27', '2026-11-28T23:30:00.000Z', 'Europe/Madrid')).toBe(
      'hasta el 27/11/2026',
    );
    expect(firstCloseLabel('2026-11-28T23:00:00.000Z', 'Europe/Madrid')).toBe(
      'Aparecerá al cerrarse el día de hoy, poco después de las 00:00',
    );
  });
});
