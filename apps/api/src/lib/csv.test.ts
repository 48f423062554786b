import { describe, expect, it } from 'vitest';
import { readCsv, unprotect, writeCsv } from './csv';

describe('CSV files this app writes', () => {
  const values = [
    '=HYPERLINK("https://evil.example","clic")',
    '+34 600 000 000',
    '-2',
    '@SUM(A1)',
    'Ventas;=1+1',
    'Ventas,=1+1',
    'dos\tcolumnas\t-3',
    'línea\n=1+1',
    'sin peligro: 3-2=1, a;b',
  ];

  it('protect every cell, header included, also after a separator a program might split on', () => {
    const [header, ...rows] = readCsv(writeCsv(values, [values]), 10);
    for (const cell of [...header!, ...rows.flat()]) {
      expect(cell, cell).not.toMatch(/(^|[,;\t\r\n])[=+\-@]/);
    }
    expect(header).toContain('\'=HYPERLINK("https://evil.example","clic")');
    expect(header).toContain("Ventas;'=1+1");
    expect(header).toContain('sin peligro: 3-2=1, a;b');
  });

  it('read back to the same values', () => {
    const [header, row] = readCsv(writeCsv(values, [values]), 10);
    expect(header!.map(unprotect)).toEqual(values.map((v) => v.trim()));
    expect(row!.map(unprotect)).toEqual(values.map((v) => v.trim()));
  });
});
