import { RETENTION_DEFAULTS, type RetentionRun, type RetentionSettings } from '@app/contracts';
import { count, desc, eq, lt } from 'drizzle-orm';
import type { AppDatabase, Db } from '../../db/client';
import type { PersonalTable, RetentionKind } from '../../db/personal-data';
import { rateLimits } from '../../db/schema';
import { retentionRuns, retentionSettings } from './schema';

export type { RetentionKind };

/** Which setting bounds each kind of data. */
export const SETTING_OF: Record<RetentionKind, keyof RetentionSettings> = {
  ai: 'ai_days',
  signin: 'signin_days',
  video: 'video_days',
  mail: 'mail_days',
};

export function createRetentionRepo(database: AppDatabase, declared: readonly PersonalTable[]) {
  // What the daily purge deletes: each declared table with its retention rule.
  const purges = declared.flatMap(({ table, retention }) => (retention ? [{ table, ...retention }] : []));
  const db = () => database.read;
  return {
    transaction: <T>(work: (tx: Db) => Promise<T>): Promise<T> => database.transaction(work),

    async settings(): Promise<RetentionSettings> {
      const [row] = await db().select().from(retentionSettings).where(eq(retentionSettings.id, 1));
      if (!row) return { ...RETENTION_DEFAULTS };
      return {
        ai_days: row.ai_days,
        signin_days: row.signin_days,
        video_days: row.video_days,
        mail_days: row.mail_days,
      };
    },

    saveSettings: async (tx: Db, settings: RetentionSettings, now: string): Promise<void> => {
      const values = { ...settings, updated_at: now };
      await tx
        .insert(retentionSettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: retentionSettings.id, set: values });
    },

    async lastRun(): Promise<RetentionRun | null> {
      const [row] = await db().select().from(retentionRuns).orderBy(desc(retentionRuns.day)).limit(1);
      if (!row) return null;
      return {
        day: row.day,
        ran_at: row.ran_at,
        removed: {
          ai: row.removed_ai,
          signin: row.removed_signin,
          video: row.removed_video,
          mail: row.removed_mail,
        },
      };
    },

    /**
     * Takes the day's claim row: true for the one caller whose insert lands. On PostgreSQL a second node's
     * insert waits for the first transaction and then finds the row; on SQLite writes run one at a time.
     */
    async claimDay(tx: Db, day: string, ranAt: string): Promise<boolean> {
      const rows = await tx
        .insert(retentionRuns)
        .values({ day, ran_at: ranAt })
        .onConflictDoNothing()
        .returning({ day: retentionRuns.day });
      return rows.length > 0;
    },

    /** Deletes what is older than each kind's cutoff (ISO instants); answers how many rows of each kind went. */
    async purge(tx: Db, cutoffs: Record<RetentionKind, string>): Promise<Record<RetentionKind, number>> {
      const removed: Record<RetentionKind, number> = { ai: 0, signin: 0, video: 0, mail: 0 };
      for (const { kind, table, column, before } of purges) {
        const where = lt(column, cutoffs[kind]);
        if (before) await before(tx, where);
        const gone = await tx.delete(table).where(where).returning({ at: column });
        removed[kind] += gone.length;
      }
      return removed;
    },

    /** How many rows the purge would delete with these cutoffs, deleting nothing. */
    async count(cutoffs: Record<RetentionKind, string>): Promise<Record<RetentionKind, number>> {
      const found: Record<RetentionKind, number> = { ai: 0, signin: 0, video: 0, mail: 0 };
      for (const { kind, table, column } of purges) {
        const [row] = await db().select({ n: count() }).from(table).where(lt(column, cutoffs[kind]));
        found[kind] += row?.n ?? 0;
      }
      return found;
    },

    /** The limiters' counters whose window ended before `nowMs`: nothing counts them any more. */
    purgeExpiredLimits: async (tx: Db, nowMs: number): Promise<number> =>
      (await tx.delete(rateLimits).where(lt(rateLimits.expire, nowMs)).returning({ key: rateLimits.key }))
        .length,

    recordRun: (tx: Db, day: string, removed: Record<RetentionKind, number>) =>
      tx
        .update(retentionRuns)
        .set({
          removed_ai: removed.ai,
          removed_signin: removed.signin,
          removed_video: removed.video,
          removed_mail: removed.mail,
        })
        .where(eq(retentionRuns.day, day)),
  };
}

export type RetentionRepo = ReturnType<typeof createRetentionRepo>;
