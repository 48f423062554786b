import { describe, expect, it } from 'vitest';
import { daysOf, formatPeriod, monthsOf, tableOf, weeksOf } from './table-data';

describe('tableOf', () => {
  it('gives every day of the range a row, a missing value a zero and an unknown dimension its own column', () => {
    const days = daysOf('2026-03-30', '2026-04-01');
    expect(days).toEqual(['2026-03-30', '2026-03-31', '2026-04-01']);
    const table = tableOf(
      [
        { day: '2026-03-30', dimension: 'vip', value: 2 },
        { day: '2026-04-01', dimension: 'mentoria', value: 1 },
      ],
      days,
      [{ key: 'vip', label: 'VIP' }],
    );
    expect(table.columns.map((column) => column.label)).toEqual(['VIP', 'mentoria']);
    expect(table.rows.map((row) => [row.day, row.values.vip, row.values.mentoria])).toEqual([
      ['2026-03-30', 2, 0],
      ['2026-03-31', 0, 0],
      ['2026-04-01', 0, 1],
    ]);
  });
});

describe('weekly and monthly tables', () => {
  it('starts a weekly table at the range and then on each Monday', () => {
    // 28 March 2026 is a Saturday; 30 March and 6 April are Mondays.
    expect(weeksOf('2026-03-28', '2026-04-07')).toEqual(['2026-03-28', '2026-03-30', '2026-04-06']);
    const table = tableOf(
      [{ day: '2026-03-30', dimension: 'a', value: 4 }],
      weeksOf('2026-03-28', '2026-04-07'),
      [{ key: 'a', label: 'Altas' }],
      undefined,
      'week',
    );
    expect(table.rows.map((row) => [row.day, row.values.a])).toEqual([
      ['2026-03-28', 0],
      ['2026-03-30', 4],
      ['2026-04-06', 0],
    ]);
  });

  it('names a week by its first day and a month in Spanish', () => {
    expect(formatPeriod('2026-03-30', 'week')).toBe('Semana del 30/03/2026');
    expect(formatPeriod('2026-03', 'month')).toBe('marzo de 2026');
    expect(formatPeriod('2026-03-30', 'day')).toBe('30/03/2026');
  });
});

describe('monthsOf', () => {
  it('lists each month the range touches, across a year end', () => {
    expect(monthsOf('2025-11-28', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsOf('2026-03-28', '2026-03-30')).toEqual(['2026-03']);
  });
});
