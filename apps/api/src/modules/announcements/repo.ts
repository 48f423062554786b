import type { Audience, AnnouncementStatus } from '@app/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AppDatabase, Db } from '../../db/client';
import { pageFromRows, pageWindow, readingOrder, seekWindow, type KeyValues } from '../../lib/page-key';
import { roles, sessions, users } from '../../db/schema';
import { planRoles, subscribed } from '../billing';
import { announcementEmailChoices, announcementRecipients, announcements, mailFailures } from './schema';

export type AnnouncementRow = typeof announcements.$inferSelect;

/** Subscription states that still hold a plan (its role): paying, on trial, or a payment being retried. */
const HOLDING_PLAN = ['active', 'trialing', 'past_due', 'unpaid'];

/** All of `conditions` (and() answers undefined only when given none). */
const allOf = (...conditions: (SQL | undefined)[]): SQL => and(...conditions) ?? sql`true`;

/** The active accounts an audience names (the condition on `users`). */
export function audienceCondition(audience: Audience, now: Date, dormantDays: number): SQL {
  const active = eq(users.is_active, true);
  switch (audience.kind) {
    case 'all':
      return active;
    case 'roles':
      return allOf(active, inArray(users.role_id, audience.ids));
    case 'plans':
      return allOf(active, subscribed(HOLDING_PLAN, audience.ids));
    case 'paying':
      return allOf(active, subscribed(['active']));
    case 'trial':
      return allOf(active, subscribed(['trialing']));
    case 'failing':
      return allOf(active, subscribed(['past_due', 'unpaid']));
    case 'dormant': {
      const cutoff = new Date(now.getTime() - dormantDays * 86_400_000).toISOString();
      // A session row is kept until it expires; its last use (or its start) is the member's last sign-in seen.
      return allOf(
        active,
        lte(users.created_at, cutoff),
        not(
          exists(
            sql`(select 1 from ${sessions} where ${sessions.user_id} = ${users.id} and coalesce(${sessions.last_used_at}, ${sessions.created_at}) >= ${cutoff})`,
          ),
        ),
      );
    }
  }
}

/** No choice row, or a yes: the member takes announcements by email. */
const takesEmail = or(isNull(announcementEmailChoices.receive), eq(announcementEmailChoices.receive, true));

const MATERIALIZE_CHUNK = 1_000;

export interface ClaimedRecipient {
  user_id: number;
  email: string;
  receive: boolean;
}

export function createAnnouncementsRepo(database: AppDatabase) {
  const db = () => database.read;
  const write = <T>(work: (tx: Db) => Promise<T>): Promise<T> => database.transaction(work);

  /** Adds `deltas` to an announcement's kept counts (inside the transaction of the rows they count). */
  const bump = (
    tx: Db,
    id: number,
    deltas: Partial<Record<'sent' | 'failed' | 'unsubscribed' | 'unknown', number>>,
  ) =>
    tx
      .update(announcements)
      .set({
        ...(deltas.sent ? { sent: sql`${announcements.sent} + ${deltas.sent}` } : {}),
        ...(deltas.failed ? { failed: sql`${announcements.failed} + ${deltas.failed}` } : {}),
        ...(deltas.unsubscribed
          ? { unsubscribed: sql`${announcements.unsubscribed} + ${deltas.unsubscribed}` }
          : {}),
        ...(deltas.unknown ? { unknown: sql`${announcements.unknown} + ${deltas.unknown}` } : {}),
      })
      .where(eq(announcements.id, id));

  return {
    transaction: <T>(work: () => Promise<T>): Promise<T> => database.transaction(() => work()),

    /** A page of announcements, newest first, past the key of the page before (`next`: null at the end). */
    async list(
      after: string | undefined,
      limit: number,
    ): Promise<{ rows: AnnouncementRow[]; next: string | null }> {
      const window = pageWindow({ page: 1, pageSize: limit, after });
      const read = await db()
        .select()
        .from(announcements)
        .where(seekWindow(announcements.created_at, announcements.id, window))
        .orderBy(...readingOrder(announcements.created_at, announcements.id, false))
        .limit(window.limit);
      const page = pageFromRows(window, read, (row): KeyValues => [row.created_at, row.id]);
      return { rows: page.rows, next: page.next };
    },

    /**
     * A page of the recipients in one state (`unknown` or `failed`), by member id past the key of the page
     * before: the (announcement, status, user) index reads it in order however deep the page.
     */
    async recipients(id: number, status: 'unknown' | 'failed', after: string | undefined, limit: number) {
      const window = pageWindow({ page: 1, pageSize: limit, after });
      const read = await db()
        .select({
          user_id: announcementRecipients.user_id,
          email: users.email,
          status: sql<'unknown' | 'failed'>`${announcementRecipients.status}`,
          error: announcementRecipients.error,
        })
        .from(announcementRecipients)
        .innerJoin(users, eq(users.id, announcementRecipients.user_id))
        .where(
          and(
            eq(announcementRecipients.announcement_id, id),
            eq(announcementRecipients.status, status),
            gt(announcementRecipients.user_id, window.anchor?.[1] ?? 0),
          ),
        )
        .orderBy(asc(announcementRecipients.user_id))
        .limit(window.limit);
      const page = pageFromRows(window, read, (row): KeyValues => ['', row.user_id]);
      return { items: page.rows, next: page.next };
    },

    async get(id: number): Promise<AnnouncementRow | undefined> {
      const [row] = await db().select().from(announcements).where(eq(announcements.id, id));
      return row;
    },

    async insert(values: {
      titulo: string;
      cuerpo_html: string;
      audience: string;
      created_by: number;
      now: string;
    }): Promise<number> {
      return write(async (tx) => {
        const [row] = await tx
          .insert(announcements)
          .values({ ...values, created_at: values.now, updated_at: values.now })
          .returning({ id: announcements.id });
        if (!row) throw new Error('announcement not inserted');
        return row.id;
      });
    },

    /** Changes a draft; false when it is no longer one. */
    async updateDraft(
      id: number,
      values: { titulo: string; cuerpo_html: string; audience: string; now: string },
    ): Promise<boolean> {
      const rows = await write((tx) =>
        tx
          .update(announcements)
          .set({
            titulo: values.titulo,
            cuerpo_html: values.cuerpo_html,
            audience: values.audience,
            updated_at: values.now,
          })
          .where(and(eq(announcements.id, id), eq(announcements.status, 'draft')))
          .returning({ id: announcements.id }),
      );
      return rows.length > 0;
    },

    async deleteDraft(id: number): Promise<boolean> {
      const rows = await write((tx) =>
        tx
          .delete(announcements)
          .where(and(eq(announcements.id, id), eq(announcements.status, 'draft')))
          .returning({ id: announcements.id }),
      );
      return rows.length > 0;
    },

    /** Moves an announcement from one of `from` to `to`; false when it was in none of them (another node won). */
    async setStatus(
      id: number,
      from: readonly AnnouncementStatus[],
      to: AnnouncementStatus,
      extra: { publish_at?: string | null; now: string },
    ): Promise<boolean> {
      const rows = await write((tx) =>
        tx
          .update(announcements)
          .set({
            status: to,
            updated_at: extra.now,
            ...(extra.publish_at !== undefined ? { publish_at: extra.publish_at } : {}),
          })
          .where(and(eq(announcements.id, id), inArray(announcements.status, [...from])))
          .returning({ id: announcements.id }),
      );
      return rows.length > 0;
    },

    /** The next batch number of an announcement's sending (each batch is its own job key). */
    nextBatch: (id: number): Promise<number> =>
      write(async (tx) => {
        const [row] = await tx
          .update(announcements)
          .set({ batch_no: sql`${announcements.batch_no} + 1` })
          .where(eq(announcements.id, id))
          .returning({ batch_no: announcements.batch_no });
        return row?.batch_no ?? 0;
      }),

    /** Members an audience reaches now, and how many of them take announcements by email. */
    async reach(condition: SQL): Promise<{ members: number; by_email: number }> {
      const [row] = await db()
        .select({
          members: count(),
          by_email: sql<number>`coalesce(sum(case when ${takesEmail} then 1 else 0 end), 0)`,
        })
        .from(users)
        .leftJoin(announcementEmailChoices, eq(announcementEmailChoices.user_id, users.id))
        .where(condition);
      return { members: Number(row?.members ?? 0), by_email: Number(row?.by_email ?? 0) };
    },

    /**
     * Publishes a scheduled announcement: chooses its recipients (the audience now; a member who said no to
     * email is `unsubscribed` from the start) and sets its totals. Runs once: only the transaction that moves
     * it from `scheduled` to `sending` inserts rows; a crash rolls it all back.
     */
    materialize: (id: number, condition: SQL, now: string): Promise<boolean> =>
      write(async (tx) => {
        const moved = await tx
          .update(announcements)
          .set({ status: 'sending', published_at: now, updated_at: now })
          .where(and(eq(announcements.id, id), eq(announcements.status, 'scheduled')))
          .returning({ id: announcements.id });
        if (moved.length === 0) return false;
        // Keyset pages of the audience, inserted one page at a time: this process never holds more than a page.
        let after = 0;
        let total = 0;
        let unsubscribed = 0;
        for (;;) {
          const chunk = await tx
            .select({ id: users.id, receive: announcementEmailChoices.receive })
            .from(users)
            .leftJoin(announcementEmailChoices, eq(announcementEmailChoices.user_id, users.id))
            .where(and(condition, gt(users.id, after)))
            .orderBy(asc(users.id))
            .limit(MATERIALIZE_CHUNK);
          if (chunk.length === 0) break;
          await tx.insert(announcementRecipients).values(
            chunk.map((member) => ({
              announcement_id: id,
              user_id: member.id,
              status: member.receive === false ? ('unsubscribed' as const) : ('pending' as const),
            })),
          );
          total += chunk.length;
          unsubscribed += chunk.filter((member) => member.receive === false).length;
          after = chunk.at(-1)?.id ?? after;
        }
        await tx.update(announcements).set({ total, unsubscribed }).where(eq(announcements.id, id));
        return true;
      }),

    /**
     * After a node stopped (its leases ran out): its `claimed` recipients never left and go back to `pending`;
     * its `sending` ones were handed to the mail server, which may have delivered them before the node could
     * record it, so they become `unknown` and are never sent again (at most one copy), counted apart.
     */
    releaseExpired: (id: number, now: string): Promise<void> =>
      write(async (tx) => {
        const expired = (status: 'claimed' | 'sending') =>
          and(
            eq(announcementRecipients.announcement_id, id),
            eq(announcementRecipients.status, status),
            lt(announcementRecipients.claimed_until, now),
          );
        await tx
          .update(announcementRecipients)
          .set({ status: 'pending', claimed_by: null, claimed_until: null })
          .where(expired('claimed'));
        // The node's name stays on the row: should that node still be alive and record the answer late, its
        // outcome replaces the unknown (see `finish`).
        const lost = await tx
          .update(announcementRecipients)
          .set({ status: 'unknown', claimed_until: null })
          .where(expired('sending'))
          .returning({ user_id: announcementRecipients.user_id });
        if (lost.length > 0) await bump(tx, id, { unknown: lost.length });
      }),

    /**
     * Claims up to `limit` pending recipients for this node (a bounded page: a batch never holds more). The
     * UPDATE re-checks `status = 'pending'` on each row it changes, so of two nodes picking the same rows only
     * one changes each: no member is claimed twice. Claimed is not yet handed over: see `startSending`.
     */
    async claim(
      id: number,
      node: string,
      now: string,
      until: string,
      limit: number,
    ): Promise<ClaimedRecipient[]> {
      const ready = and(
        eq(announcementRecipients.announcement_id, id),
        eq(announcementRecipients.status, 'pending'),
        or(isNull(announcementRecipients.retry_at), lte(announcementRecipients.retry_at, now)),
      );
      const claimed = await write((tx) =>
        tx
          .update(announcementRecipients)
          .set({ status: 'claimed', claimed_by: node, claimed_until: until })
          .where(
            and(
              ready,
              inArray(
                announcementRecipients.user_id,
                tx
                  .select({ user_id: announcementRecipients.user_id })
                  .from(announcementRecipients)
                  .where(ready)
                  .orderBy(asc(announcementRecipients.user_id))
                  .limit(limit),
              ),
            ),
          )
          .returning({ user_id: announcementRecipients.user_id, attempts: announcementRecipients.attempts }),
      );
      if (claimed.length === 0) return [];
      const rows = await db()
        .select({ user_id: users.id, email: users.email, receive: announcementEmailChoices.receive })
        .from(users)
        .leftJoin(announcementEmailChoices, eq(announcementEmailChoices.user_id, users.id))
        .where(
          inArray(
            users.id,
            claimed.map((row) => row.user_id),
          ),
        )
        .orderBy(asc(users.id));
      return rows.map((row) => ({ user_id: row.user_id, email: row.email, receive: row.receive !== false }));
    },

    /**
     * The fenced step before a message goes to the mail server, committed on its own: this node's claim, still
     * within its lease, becomes `sending` (one more attempt) with a lease long enough for the SMTP exchange.
     * Null when the claim is no longer this node's (it stalled past its lease and another node took it back):
     * then it sends nothing. Answers the attempt number.
     */
    startSending: (id: number, userId: number, node: string, now: string, until: string) =>
      write(async (tx) => {
        const [row] = await tx
          .update(announcementRecipients)
          .set({
            status: 'sending',
            claimed_until: until,
            attempts: sql`${announcementRecipients.attempts} + 1`,
          })
          .where(
            and(
              eq(announcementRecipients.announcement_id, id),
              eq(announcementRecipients.user_id, userId),
              eq(announcementRecipients.status, 'claimed'),
              eq(announcementRecipients.claimed_by, node),
              gt(announcementRecipients.claimed_until, now),
            ),
          )
          .returning({ attempts: announcementRecipients.attempts });
        return row ? row.attempts : null;
      }),

    /**
     * Records the outcome of one recipient of this node and its announcement's counts, in one transaction:
     * a `sending` one (or `claimed`, for a member without email), or an `unknown` one whose answer came late
     * (this node stalled past its lease): the outcome then replaces the unknown. Nothing when the row is no
     * longer this node's.
     */
    finish: (
      id: number,
      userId: number,
      node: string,
      given:
        | { kind: 'sent'; at: string }
        | { kind: 'unsubscribed' }
        | { kind: 'failed'; error: string; failure?: { email: string; code: number | null; at: string } }
        | { kind: 'retry'; error: string; retryAt: string },
    ): Promise<boolean> =>
      write(async (tx) => {
        type Outcome = typeof given;
        const mine = (status: 'claimed' | 'sending' | 'unknown') =>
          and(
            eq(announcementRecipients.announcement_id, id),
            eq(announcementRecipients.user_id, userId),
            eq(announcementRecipients.status, status),
            eq(announcementRecipients.claimed_by, node),
          );
        const released = { claimed_by: null, claimed_until: null };
        const setOf = (outcome: Outcome) =>
          outcome.kind === 'sent'
            ? { status: 'sent' as const, sent_at: outcome.at, error: null, ...released }
            : outcome.kind === 'unsubscribed'
              ? { status: 'unsubscribed' as const, ...released }
              : outcome.kind === 'failed'
                ? { status: 'failed' as const, error: outcome.error, ...released }
                : {
                    status: 'pending' as const,
                    error: outcome.error,
                    retry_at: outcome.retryAt,
                    ...released,
                  };
        const record = (outcome: Outcome, status: 'claimed' | 'sending' | 'unknown') =>
          tx
            .update(announcementRecipients)
            .set(setOf(outcome))
            .where(mine(status))
            .returning({ user_id: announcementRecipients.user_id });
        let outcome = given;
        let rows = await record(outcome, given.kind === 'unsubscribed' ? 'claimed' : 'sending');
        const wasUnknown = rows.length === 0 && given.kind !== 'unsubscribed';
        if (wasUnknown) {
          // The answer came after the row was declared unknown (this node stalled past its lease): it replaces
          // the unknown. A temporary refusal is then recorded as failed, since the sending moved on without it.
          if (given.kind === 'retry') outcome = { kind: 'failed', error: given.error };
          rows = await record(outcome, 'unknown');
        }
        if (rows.length === 0) return false;
        if (wasUnknown) await bump(tx, id, { unknown: -1 });
        if (outcome.kind === 'sent') await bump(tx, id, { sent: 1 });
        if (outcome.kind === 'unsubscribed') await bump(tx, id, { unsubscribed: 1 });
        if (outcome.kind === 'failed') {
          await bump(tx, id, { failed: 1 });
          if ('failure' in outcome && outcome.failure) {
            const values = {
              email: outcome.failure.email,
              code: outcome.failure.code,
              message: outcome.error,
              failed_at: outcome.failure.at,
            };
            await tx
              .insert(mailFailures)
              .values({ user_id: userId, ...values })
              .onConflictDoUpdate({ target: mailFailures.user_id, set: values });
          }
        }
        return true;
      }),

    /** Whether a recipient is ready to be claimed now. */
    async claimable(id: number, now: string): Promise<boolean> {
      const [row] = await db()
        .select({ user_id: announcementRecipients.user_id })
        .from(announcementRecipients)
        .where(
          and(
            eq(announcementRecipients.announcement_id, id),
            eq(announcementRecipients.status, 'pending'),
            or(isNull(announcementRecipients.retry_at), lte(announcementRecipients.retry_at, now)),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Gives back this node's claims not yet handed over (a pause or cancel seen in the middle of a batch). */
    releaseClaims: (id: number, node: string): Promise<void> =>
      write(async (tx) => {
        await tx
          .update(announcementRecipients)
          .set({ status: 'pending', claimed_by: null, claimed_until: null })
          .where(
            and(
              eq(announcementRecipients.announcement_id, id),
              eq(announcementRecipients.status, 'claimed'),
              eq(announcementRecipients.claimed_by, node),
            ),
          );
      }),

    /** What is left of a sending: recipients ready or waiting for a retry, and those a node holds (in flight). */
    async remaining(id: number): Promise<{ pending: number; sending: number; nextAt: string | null }> {
      const rows = await db()
        .select({
          status: announcementRecipients.status,
          n: count(),
          claimedUntil: sql<string | null>`max(${announcementRecipients.claimed_until})`,
          retryAt: sql<string | null>`min(${announcementRecipients.retry_at})`,
        })
        .from(announcementRecipients)
        .where(
          and(
            eq(announcementRecipients.announcement_id, id),
            inArray(announcementRecipients.status, ['pending', 'claimed', 'sending']),
          ),
        )
        .groupBy(announcementRecipients.status);
      const pending = rows.find((row) => row.status === 'pending');
      const held = rows.filter((row) => row.status !== 'pending');
      const times = [pending?.retryAt, ...held.map((row) => row.claimedUntil)].filter(
        (t): t is string => !!t,
      );
      return {
        pending: Number(pending?.n ?? 0),
        sending: held.reduce((sum, row) => sum + Number(row.n), 0),
        nextAt: times.sort()[0] ?? null,
      };
    },

    /** Marks a finished sending as sent (once: only while it is still sending). */
    finishSending: (id: number, now: string): Promise<boolean> =>
      write(async (tx) => {
        const rows = await tx
          .update(announcements)
          .set({ status: 'sent', updated_at: now })
          .where(and(eq(announcements.id, id), eq(announcements.status, 'sending')))
          .returning({ id: announcements.id });
        return rows.length > 0;
      }),

    // ---- Members -------------------------------------------------------------------------------------

    /** A page of a member's announcements, newest first, past the key of the page before; and the unread count. */
    async feed(userId: number, limit: number, after: string | undefined) {
      const window = pageWindow({ page: 1, pageSize: limit, after });
      const visible = and(eq(announcementRecipients.user_id, userId), isNotNull(announcements.published_at));
      const read = await db()
        .select({
          id: announcements.id,
          titulo: announcements.titulo,
          published_at: announcements.published_at,
          read_at: announcementRecipients.read_at,
        })
        .from(announcementRecipients)
        .innerJoin(announcements, eq(announcements.id, announcementRecipients.announcement_id))
        .where(and(visible, seekWindow(announcements.published_at, announcements.id, window)))
        .orderBy(...readingOrder(announcements.published_at, announcements.id, false))
        .limit(window.limit);
      const page = pageFromRows(window, read, (row): KeyValues => [row.published_at ?? '', row.id]);
      const [unread] = await db()
        .select({ n: count() })
        .from(announcementRecipients)
        .innerJoin(announcements, eq(announcements.id, announcementRecipients.announcement_id))
        .where(and(visible, isNull(announcementRecipients.read_at)));
      return { items: page.rows, next: page.next, unread: Number(unread?.n ?? 0) };
    },

    /** A published announcement for one of its recipients, marked read; undefined when not theirs. */
    async read(userId: number, id: number, now: string) {
      const [row] = await db()
        .select({
          id: announcements.id,
          titulo: announcements.titulo,
          cuerpo_html: announcements.cuerpo_html,
          published_at: announcements.published_at,
          read_at: announcementRecipients.read_at,
        })
        .from(announcementRecipients)
        .innerJoin(announcements, eq(announcements.id, announcementRecipients.announcement_id))
        .where(
          and(
            eq(announcementRecipients.user_id, userId),
            eq(announcementRecipients.announcement_id, id),
            isNotNull(announcements.published_at),
          ),
        );
      if (!row) return undefined;
      if (row.read_at === null) {
        await write((tx) =>
          tx
            .update(announcementRecipients)
            .set({ read_at: now })
            .where(
              and(
                eq(announcementRecipients.user_id, userId),
                eq(announcementRecipients.announcement_id, id),
                isNull(announcementRecipients.read_at),
              ),
            ),
        );
      }
      return row;
    },

    async emailChoice(userId: number): Promise<{ receive: boolean; changed_at: string | null }> {
      const [row] = await db()
        .select()
        .from(announcementEmailChoices)
        .where(eq(announcementEmailChoices.user_id, userId));
      return row ? { receive: row.receive, changed_at: row.changed_at } : { receive: true, changed_at: null };
    },

    /**
     * Saves a member's choice with its date; a no also takes them out of the sendings under way (their
     * pending rows become `unsubscribed`, counted on each announcement). False: no such account.
     */
    saveEmailChoice: (userId: number, receive: boolean, via: 'profile' | 'link', now: string) =>
      write(async (tx) => {
        const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
        if (!account) return false;
        const current = await tx
          .select()
          .from(announcementEmailChoices)
          .where(eq(announcementEmailChoices.user_id, userId));
        // The date records a change: the same answer again (a second click of the link) keeps the first date.
        if (current[0]?.receive !== receive || !current[0]) {
          const values = { receive, changed_at: now, via };
          await tx
            .insert(announcementEmailChoices)
            .values({ user_id: userId, ...values })
            .onConflictDoUpdate({ target: announcementEmailChoices.user_id, set: values });
        }
        if (!receive) {
          const left = await tx
            .update(announcementRecipients)
            .set({ status: 'unsubscribed' })
            .where(
              and(eq(announcementRecipients.user_id, userId), eq(announcementRecipients.status, 'pending')),
            )
            .returning({ id: announcementRecipients.announcement_id });
          for (const { id } of left) await bump(tx, id, { unsubscribed: 1 });
        }
        return true;
      }),

    // ---- Figures and /config -------------------------------------------------------------------------

    figures: (limit: number) =>
      db()
        .select({
          id: announcements.id,
          titulo: announcements.titulo,
          published_at: announcements.published_at,
          sent: announcements.sent,
          failed: announcements.failed,
          unsubscribed: announcements.unsubscribed,
        })
        .from(announcements)
        .where(isNotNull(announcements.published_at))
        .orderBy(desc(announcements.published_at), desc(announcements.id))
        .limit(limit),

    failingAddresses: () =>
      db()
        .select({
          user_id: mailFailures.user_id,
          email: mailFailures.email,
          code: mailFailures.code,
          message: mailFailures.message,
          failed_at: mailFailures.failed_at,
        })
        .from(mailFailures)
        .innerJoin(users, eq(users.id, mailFailures.user_id))
        // An address changed since the refusal is another address: not shown as failing.
        .where(eq(users.email, mailFailures.email))
        .orderBy(desc(mailFailures.failed_at)),

    /** The roles and plans an audience may name (the admin role is no audience of its own). */
    async audienceOptions() {
      const roleRows = await db()
        .select({ id: roles.id, name: roles.name })
        .from(roles)
        .where(ne(roles.name, 'admin'))
        .orderBy(asc(roles.id));
      const planRows = await planRoles(db());
      return { roles: roleRows, plans: planRows };
    },

    async userById(id: number) {
      const [row] = await db()
        .select({ id: users.id, email: users.email, is_active: users.is_active })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },

    /** Announcements due for publication whose job a lost enqueue never made (safety net at start). */
    dueScheduled: (now: string) =>
      db()
        .select({ id: announcements.id })
        .from(announcements)
        .where(and(eq(announcements.status, 'scheduled'), lte(announcements.publish_at, now))),

    sendingIds: () =>
      db().select({ id: announcements.id }).from(announcements).where(eq(announcements.status, 'sending')),
  };
}

export type AnnouncementsRepo = ReturnType<typeof createAnnouncementsRepo>;
