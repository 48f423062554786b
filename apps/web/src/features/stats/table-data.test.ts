import { describe, expect, it } from 'vitest';
import { csvOf, daysOf, tableOf } from './table-data';

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

describe('csvOf', () => {
  it('writes a header and one line per day, quoting a label with a comma', () => {
    const table = tableOf(
      [{ day: '2026-03-30', dimension: 'a', value: 1050 }],
      ['2026-03-30'],
      [{ key: 'a', label: 'EUR, activas' }],
    );
    expect(csvOf(table, (value) => (value / 100).toFixed(2))).toBe(
      'Día,"EUR, activas"\r\n2026-03-30,10.50\r\n',
    );
  });
});
