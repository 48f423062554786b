import { describe, expect, it } from 'vitest';
import { formatDay, formatMinutesSeconds, formatPaddedMinutesSeconds } from './format';

describe('durations', () => {
  it.each([
    [0, '0:00', '00:00'],
    [5, '0:05', '00:05'],
    [75, '1:15', '01:15'],
    [253, '4:13', '04:13'],
    [3723, '62:03', '62:03'],
  ])('shows %i seconds as %s (YouTube) and %s (Instagram)', (seconds, youtube, instagram) => {
    expect(formatMinutesSeconds(seconds)).toBe(youtube);
    expect(formatPaddedMinutesSeconds(seconds)).toBe(instagram);
  });
});

describe('formatDay', () => {
  it('shows a day in es-ES order and leaves anything else as it is', () => {
    expect(formatDay('2024-05-15')).toBe('15/05/2024');
    expect(formatDay('')).toBe('');
  });
});
