import type Database from 'better-sqlite3';

/** Watchers created in this process (numbers each watcher's SQL function). */
let watchers = 0;

export type WriteEvent = 'INSERT' | 'UPDATE' | 'DELETE';
export const ANY_WRITE: readonly WriteEvent[] = ['INSERT', 'UPDATE', 'DELETE'];

/**
 * A number that changes whenever a row of the given tables may have changed (by the given kinds of write), so a caller can keep an answer
 * read from them until then. Writes through this connection bump a counter from temporary triggers (they live
 * only on this connection and are not part of the schema); writes committed by any other connection (an
 * operator's sqlite3 shell, a restore) change SQLite's `data_version`. Conservative by design: a write that
 * is rolled back, or a write to another table by another connection, also counts as a change.
 */
export function watchTables(
  sqlite: Database.Database,
  tables: Readonly<Record<string, readonly WriteEvent[]>>,
): () => number {
  let writes = 0;
  // Each watcher its own SQL function and triggers: a second watcher must not replace the first's counter.
  const functionName = `watch_${++watchers}_${Object.keys(tables).join('_')}`;
  sqlite.function(functionName, { deterministic: false, varargs: false }, () => {
    writes++;
    return null;
  });
  for (const [table, events] of Object.entries(tables)) {
    for (const event of events) {
      sqlite.exec(
        `CREATE TEMP TRIGGER IF NOT EXISTS "${functionName}_${table}_${event.toLowerCase()}"
         AFTER ${event} ON main."${table}" BEGIN SELECT ${functionName}(); END`,
      );
    }
  }
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  // Both only ever grow, so their sum changes whenever either does.
  return () => writes + (dataVersion.get() as number);
}

/**
 * Like watchTables, for the rows of one table that share a key (a member's own rows, by user id): a number per
 * key that changes whenever a row with that key may have changed. Writes through this connection are counted
 * per key by temporary triggers; a commit by any other connection changes every key's number.
 */
export function watchRowsByKey(
  sqlite: Database.Database,
  table: string,
  column: string,
): (key: number) => number {
  const writes = new Map<number, number>();
  const functionName = `watch_${++watchers}_${table}_by_${column}`;
  sqlite.function(functionName, { deterministic: false, varargs: false }, (key: unknown) => {
    const k = Number(key);
    writes.set(k, (writes.get(k) ?? 0) + 1);
    return null;
  });
  const trigger = (event: WriteEvent, body: string) =>
    sqlite.exec(
      `CREATE TEMP TRIGGER IF NOT EXISTS "${functionName}_${event.toLowerCase()}"
       AFTER ${event} ON main."${table}" BEGIN ${body} END`,
    );
  trigger('INSERT', `SELECT ${functionName}(NEW."${column}");`);
  trigger('UPDATE', `SELECT ${functionName}(OLD."${column}"); SELECT ${functionName}(NEW."${column}");`);
  trigger('DELETE', `SELECT ${functionName}(OLD."${column}");`);
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  return (key) => (writes.get(key) ?? 0) + (dataVersion.get() as number);
}

/**
 * Answers read from tables, kept until `version` (a watchTables of those tables; several lists may share one)
 * changes, at most `max` at a time (the oldest goes first): for reads that many requests repeat between rare
 * writes. Inside a write transaction an answer is read and never kept, since the transaction may yet be rolled
 * back.
 */
export function keptUntilWrite<V>(
  sqlite: Database.Database,
  version: () => number,
  max: number,
): (key: string, read: () => V) => V {
  const kept = new Map<string, V>();
  let keptAt = version();
  return (key, read) => {
    if (sqlite.inTransaction) return read();
    // Read before the answer: a commit by another connection in between only makes the next call read again.
    const now = version();
    if (now !== keptAt) {
      kept.clear();
      keptAt = now;
    }
    if (kept.has(key)) return kept.get(key) as V;
    const value = read();
    if (kept.size >= max) kept.delete(kept.keys().next().value!);
    kept.set(key, value);
    return value;
  };
}

/**
 * Answers kept by key while their stamp (say, the kept page they were read for and a member's watchRowsByKey
 * number) stays the same, item by item; at most `max`, the oldest going first. Inside a write transaction an
 * answer is read and never kept.
 */
export function keptWhileSame<V>(
  sqlite: Database.Database,
  max: number,
): (key: string, stamp: readonly unknown[], read: () => V) => V {
  const kept = new Map<string, { stamp: readonly unknown[]; value: V }>();
  return (key, stamp, read) => {
    const entry = kept.get(key);
    if (entry && entry.stamp.length === stamp.length && entry.stamp.every((item, i) => item === stamp[i])) {
      return entry.value;
    }
    const value = read();
    if (sqlite.inTransaction) return value;
    kept.delete(key);
    if (kept.size >= max) kept.delete(kept.keys().next().value!);
    kept.set(key, { stamp, value });
    return value;
  };
}
