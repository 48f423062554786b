import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

const BOM = '\uFEFF';

/**
 * Cells a spreadsheet would run as a formula (CSV injection): one that starts like a formula, and any part
 * after a `,` `;` tab or line end, which a program that splits on another separator, or ignores the quotes,
 * reads as a cell of its own. Each such start gets an apostrophe before it (OWASP's advice).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n])(?=[=+\-@])/g;
const PROTECTED_AFTER_SEPARATOR = /([,;\t\r\n])'(?=[=+\-@])/g;

const protect = (cell: string): string => {
  const inside = cell.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return FORMULA_START.test(inside) ? `'${inside}` : inside;
};

/** Undoes `protect`, so a file this app exported imports back to the same values. */
export const unprotect = (cell: string): string => {
  const start = cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
  return start.replace(PROTECTED_AFTER_SEPARATOR, '$1');
};

/** UTF-8 CSV with a BOM (spreadsheet programs then read accents right) and CRLF line ends (RFC 4180). */
export function writeCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return (
    BOM +
    stringify(
      [header, ...rows].map((row) => row.map(protect)),
      // A lone line feed inside a cell is not the CRLF record end, yet readers end the row there: quote it.
      { record_delimiter: 'windows', quoted_match: /[\r\n]/ },
    )
  );
}

/** Spanish spreadsheet programs write `;` between cells; tabs come from copy and paste. */
function guessDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

export class CsvReadError extends Error {
  constructor(readonly line: number | undefined) {
    super('unreadable csv');
  }
}

/** The file's records as arrays of cells (header included); empty lines are skipped. */
export function readCsv(text: string, maxRecords: number): string[][] {
  try {
    const records: string[][] = parse(text, {
      bom: true,
      delimiter: guessDelimiter(text.startsWith(BOM) ? text.slice(1) : text),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      // Header plus one row past the limit, so "too many rows" is told without reading a huge file to its end.
      to: maxRecords + 2,
    });
    return records;
  } catch (error) {
    if (error instanceof CsvError) throw new CsvReadError((error as CsvError & { lines?: number }).lines);
    throw error;
  }
}
