import { pgUniqueViolation } from './dialect/pg';
import { sqliteUniqueViolation } from './dialect/sqlite';

/**
 * Tells which unique index a failed write hit, so a service can answer a field-specific conflict from the
 * database's own guarantee (a look-up before the write would race). Returns undefined for any other error.
 */
export const uniqueViolation = (error: unknown): { table: string; columns: string[] } | undefined =>
  pgUniqueViolation(error) ?? sqliteUniqueViolation(error);

/**
 * What a unique violation on `users` concerns: the email, the username (the same name in any case), or a
 * username that looks like another (their skeletons match); undefined for anything else.
 */
export function accountConflictField(error: unknown): 'email' | 'username' | 'lookalike' | undefined {
  const violation = uniqueViolation(error);
  if (!violation) return undefined;
  const names = violation.columns.join(' ');
  if (names.includes('email')) return 'email';
  if (names.includes('skeleton')) return 'lookalike';
  if (names.includes('username')) return 'username';
  return undefined;
}

/** The error codes a failed write carries, through the wrappers (drizzle's query error keeps the driver's). */
function errorCodes(error: unknown): unknown[] {
  const codes: unknown[] = [];
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    codes.push((e as { code?: unknown }).code);
    e = (e as { cause?: unknown }).cause;
  }
  return codes;
}

/** Whether a write named a row that does not exist through a foreign key (SQLite, or PostgreSQL's 23503). */
export const isForeignKeyViolation = (error: unknown): boolean =>
  errorCodes(error).some((code) => code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503');
