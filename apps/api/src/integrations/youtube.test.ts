import { describe, expect, it } from 'vitest';
import { parseIsoDuration } from './youtube';

describe('parseIsoDuration', () => {
  it.each([
    ['PT4M13S', 253],
    ['PT15S', 15],
    ['PT1H', 3600],
    ['PT1H2M3S', 3723],
    ['P1DT2H', 93_600],
    ['PT0S', 0],
    ['P0D', 0],
    ['PT1.5S', 2],
  ])('reads %s as %i seconds', (value, seconds) => {
    expect(parseIsoDuration(value)).toBe(seconds);
  });

  it.each(['', 'P', 'PT', '4:13', 'PT4X', 'T4M'])('rejects %j', (value) => {
    expect(parseIsoDuration(value)).toBeNull();
  });
});
