import type { MailSettings } from '@app/contracts';
import { and, count, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { rolePermissions, tools, users } from '../../db/schema';
import { adminMailThrottle, mailSettings, sentEmails } from './schema';

const DEFAULTS: MailSettings = { new_registration: true, account_activated: true, account_refused: true };

export interface Recipient {
  id: number;
  email: string;
  username: string;
}

export function createNotificationsRepo(database: AppDatabase) {
  const db = () => database.read;
  const write = database.transaction.bind(database);
  const recipient = { id: users.id, email: users.email, username: users.username };
  /** Active accounts whose role grants the config tool: the admins. */
  const isActiveAdmin = () =>
    and(
      eq(users.is_active, true),
      inArray(
        users.role_id,
        db()
          .select({ role_id: rolePermissions.role_id })
          .from(rolePermissions)
          .innerJoin(tools, eq(tools.id, rolePermissions.tool_id))
          .where(eq(tools.name, 'config')),
      ),
    );

  return {
    async settings(): Promise<MailSettings> {
      const [row] = await db().select().from(mailSettings).where(eq(mailSettings.id, 1));
      if (!row) return { ...DEFAULTS };
      const { id: _id, updated_at: _updatedAt, ...settings } = row;
      return settings;
    },

    /** Runs `work` in one transaction: the settings and their history entry are saved together. */
    transaction: <T>(work: () => Promise<T>): Promise<T> => database.transaction(() => work()),

    saveSettings: (settings: MailSettings): Promise<void> =>
      database.transaction(async (tx) => {
        const values = { ...settings, updated_at: new Date().toISOString() };
        await tx
          .insert(mailSettings)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: mailSettings.id, set: values });
      }),

    activeAdmins: (): Promise<Recipient[]> => db().select(recipient).from(users).where(isActiveAdmin()),

    async activeAdmin(id: number): Promise<Recipient | undefined> {
      const [row] = await db()
        .select(recipient)
        .from(users)
        .where(and(eq(users.id, id), isActiveAdmin()));
      return row;
    },

    async countPending(): Promise<number> {
      const [row] = await db().select({ n: count() }).from(users).where(eq(users.is_active, false));
      return row?.n ?? 0;
    },

    /**
     * Records a registration email to `adminId` at `now` unless one went out after `since`: true when this
     * caller may send it. One statement, so two API nodes never both send.
     */
    claimImmediate: (adminId: number, now: Date, since: Date): Promise<boolean> =>
      write(async (tx) => {
        const rows = await tx
          .insert(adminMailThrottle)
          .values({ user_id: adminId, last_sent_at: now.toISOString() })
          .onConflictDoUpdate({
            target: adminMailThrottle.user_id,
            set: { last_sent_at: now.toISOString(), digest_due_at: null },
            setWhere: lte(adminMailThrottle.last_sent_at, since.toISOString()),
          })
          .returning({ user_id: adminMailThrottle.user_id });
        return rows.length > 0;
      }),

    /** Schedules the admin's digest at `due`, unless one is scheduled already. */
    scheduleDigest: (adminId: number, due: Date): Promise<void> =>
      write(async (tx) => {
        await tx
          .update(adminMailThrottle)
          .set({ digest_due_at: due.toISOString() })
          .where(and(eq(adminMailThrottle.user_id, adminId), isNull(adminMailThrottle.digest_due_at)));
      }),

    dueDigests: (now: Date) =>
      db()
        .select({ user_id: adminMailThrottle.user_id, digest_due_at: adminMailThrottle.digest_due_at })
        .from(adminMailThrottle)
        .where(
          and(
            isNotNull(adminMailThrottle.digest_due_at),
            lte(adminMailThrottle.digest_due_at, now.toISOString()),
          ),
        ),

    /** Takes a due digest for this caller alone (another node that read it too gets false). */
    claimDigest: (adminId: number, due: string, now: Date): Promise<boolean> =>
      write(async (tx) => {
        const rows = await tx
          .update(adminMailThrottle)
          .set({ last_sent_at: now.toISOString(), digest_due_at: null })
          .where(and(eq(adminMailThrottle.user_id, adminId), eq(adminMailThrottle.digest_due_at, due)))
          .returning({ user_id: adminMailThrottle.user_id });
        return rows.length > 0;
      }),

    /** Records an email sent to `email` when the address is an account's; another address is not kept. */
    logSent: (email: string, subject: string, at: Date): Promise<void> =>
      write(async (tx) => {
        const [owner] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
        if (owner)
          await tx.insert(sentEmails).values({ user_id: owner.id, subject, sent_at: at.toISOString() });
      }),
  };
}

export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
