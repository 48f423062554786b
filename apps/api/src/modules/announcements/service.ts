import {
  Audience,
  ANNOUNCEMENTS_PAGE_SIZE,
  ANNOUNCEMENT_STATUS_LABELS,
  AUDIENCE_LABELS,
  DORMANT_DAYS,
  FEED_MAX,
  roleDisplayName,
  type Announcement,
  type AnnouncementDraft,
  type AnnouncementEmailChoice,
  type AnnouncementPreview,
  type AnnouncementStatus,
} from '@app/contracts';
import { randomUUID } from 'node:crypto';
import { mailFailureOf, type Mailer } from '../../integrations/mailer';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { HistoryRecorder } from '../history';
import { actorOf } from '../history';
import { hasText, sanitizeBody } from './body';
import { announcementEmail } from './email';
import type { JobDefinition, JobRunner } from '../jobs';
import { audienceCondition, type AnnouncementRow, type AnnouncementsRepo } from './repo';
import { signUnsubscribe, verifyUnsubscribe } from './token';

const SEND_JOB = 'announcements.send';

/** The payload of one batch job. */
export interface SendJob {
  id: number;
  chain: number;
  batch: number;
}

/**
 * A batch's claim stays its node's this long (plus the batch's time at the configured rate); after it, the
 * recipients it had not handed over yet go back to pending for another node.
 */
const CLAIM_LEASE_MS = 10 * 60_000;
/**
 * A recipient handed to the mail server stays `sending` this long: far beyond the mailer's timeouts (15 s for
 * the connection, the greeting and each answer), so only a node that stopped leaves one past it.
 */
const SEND_LEASE_MS = 10 * 60_000;
/** The most announcements Estadísticas shows (the newest published). */
const FIGURES_MAX = 100;
/** A temporary refusal (4xx) is tried again this many times in all, then recorded as failed. */
const MAX_MAIL_ATTEMPTS = 5;
/** The wait before the next try of a temporary refusal: 1 min, 2, 4, 8. */
/** How often (in messages) a batch looks whether its sending was paused or cancelled. */
const STATUS_CHECK_EVERY = 20;
const retryDelayMs = (attempts: number) => 60_000 * 2 ** (attempts - 1);

const ANNOUNCEMENT_MESSAGES = {
  notDraft: 'Solo se puede cambiar un borrador',
  emptyBody: 'El texto del comunicado está vacío',
  pastTime: 'Elige una fecha y hora futuras',
  cannot: 'Este comunicado no se puede cambiar así en su estado actual',
  badLink: 'El enlace para darte de baja no es válido',
} as const;

interface Actor {
  id: number;
  username: string;
  email: string;
}

export interface AnnouncementsDeps {
  repo: AnnouncementsRepo;
  mailer: Mailer;
  clock: Clock;
  history: HistoryRecorder;
  jobs: JobRunner;
  publicUrl: () => string;
  unsubscribeKey: () => Promise<Buffer>;
  sending: { perSecond: number; batchSize: number };
  log: { error(obj: object, msg: string): void; info?(obj: object, msg: string): void };
  /** This process's name in recipient claims. */
  node?: string;
  /** Waits between messages (the rate); tests and the bench pass a rate that never waits. */
  sleep?: (ms: number) => Promise<void>;
}

const parseAudience = (stored: string): Audience => Audience.parse(JSON.parse(stored));

const progressOf = (row: AnnouncementRow) => ({
  status: row.status,
  total: row.total,
  sent: row.sent,
  failed: row.failed,
  unsubscribed: row.unsubscribed,
  unknown: row.unknown,
  pending: Math.max(0, row.total - row.sent - row.failed - row.unsubscribed - row.unknown),
});

const toAnnouncement = (row: AnnouncementRow): Announcement => ({
  id: row.id,
  titulo: row.titulo,
  cuerpo_html: row.cuerpo_html,
  audience: parseAudience(row.audience),
  status: row.status,
  publish_at: row.publish_at,
  published_at: row.published_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
  progress: progressOf(row),
});

export function createAnnouncementsService(deps: AnnouncementsDeps) {
  const { repo, mailer, clock, history, jobs, publicUrl } = deps;
  const node = deps.node ?? randomUUID();
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const condition = (audience: Audience) => audienceCondition(audience, clock.now(), DORMANT_DAYS);

  const load = async (id: number): Promise<AnnouncementRow> => {
    const row = await repo.get(id);
    if (!row) throw notFound();
    return row;
  };

  const cleanDraft = (draft: AnnouncementDraft) => {
    const cuerpo_html = sanitizeBody(draft.cuerpo_html);
    if (!hasText(cuerpo_html)) throw badRequest(ANNOUNCEMENT_MESSAGES.emptyBody, 'cuerpo_html');
    return { titulo: draft.titulo, cuerpo_html, audience: JSON.stringify(draft.audience) };
  };

  const links = (id: number, userId: number | null, key: Buffer | null) => {
    const base = publicUrl();
    const token = userId === null || key === null ? null : signUnsubscribe(key, userId);
    return {
      webUrl: `${base}/mis-comunicados/${id}`,
      unsubscribePage: token ? `${base}/baja-comunicados?token=${token}` : null,
      oneClickUrl: token ? `${base}/api/announcements/unsubscribe?token=${token}` : null,
    };
  };

  const audienceLabel = (audience: Audience) => AUDIENCE_LABELS[audience.kind];

  /**
   * Starts a chain of batch jobs (at publication, on resume, at a start that finds a sending without one):
   * each chain has its own number, and its batches are keyed `<id>:<chain>:<batch>`.
   */
  const startChain = async (id: number, runAt?: Date) => {
    const chain = await repo.nextBatch(id);
    await enqueueBatch({ id, chain, batch: 0 }, runAt);
  };

  /**
   * Enqueues a batch. The next batch's key follows from this one's, so a batch run twice (a node's lease ran
   * out while it still worked) enqueues its successor once: the chains never multiply.
   */
  const enqueueBatch = (job: SendJob, runAt?: Date) =>
    jobs.enqueue(SEND_JOB, {
      key: `${job.id}:${job.chain}:${job.batch}`,
      payload: job,
      ...(runAt ? { runAt } : {}),
    });

  /**
   * One batch of a sending: publishes a due scheduled announcement first, takes back what stopped nodes held,
   * claims a bounded page of recipients for this node and sends to each at the configured rate; then enqueues
   * the next batch, or marks the sending done. Nothing is kept per recipient beyond the page.
   *
   * At most one copy per member, as Ghost's bulk sender does (a batch it finds `submitting` after a crash is
   * never submitted again, since the provider may have taken it): each recipient is committed as `sending`
   * (fenced: only while this node's claim holds) before its message goes to the mail server, and as `sent` as
   * soon as the server answers 250. A node killed between the two leaves it `sending`; once that lease runs out
   * it becomes `unknown`, counted apart and listed for the administrator, and is not sent again. A resend would
   * risk the second copy the member never asked for; SMTP gives no way to ask a server whether it took a
   * message, so "checked" is not possible here, only "reported". The window is one message per stopped node.
   */
  async function sendBatch(job: SendJob): Promise<void> {
    const { id } = job;
    let row = await repo.get(id);
    if (!row) return;
    if (row.status === 'scheduled') {
      await repo.materialize(id, condition(parseAudience(row.audience)), clock.now().toISOString());
      row = await repo.get(id);
      if (!row) return;
    }
    if (row.status !== 'sending') return;
    const { titulo, cuerpo_html } = row;
    const now = clock.now();
    const gapMs = 1000 / deps.sending.perSecond;
    const claimLeaseMs = CLAIM_LEASE_MS + deps.sending.batchSize * gapMs;
    await repo.releaseExpired(id, now.toISOString());
    const claimed = await repo.claim(
      id,
      node,
      now.toISOString(),
      new Date(now.getTime() + claimLeaseMs).toISOString(),
      deps.sending.batchSize,
    );
    const key = claimed.length > 0 ? await deps.unsubscribeKey() : null;
    for (const [index, recipient] of claimed.entries()) {
      // A pause or cancel takes effect within a few messages: the rest of the batch is given back.
      if (index > 0 && index % STATUS_CHECK_EVERY === 0 && (await repo.get(id))?.status !== 'sending') {
        await repo.releaseClaims(id, node);
        return;
      }
      if (!recipient.receive) {
        await repo.finish(id, recipient.user_id, node, { kind: 'unsubscribed' });
        continue;
      }
      const started = Date.now();
      const at = clock.now();
      const attempts = await repo.startSending(
        id,
        recipient.user_id,
        node,
        at.toISOString(),
        new Date(at.getTime() + SEND_LEASE_MS).toISOString(),
      );
      // A node that stalled past its claim (a long pause) finds it taken back and sends nothing.
      if (attempts === null) continue;
      const message = announcementEmail({
        to: recipient.email,
        titulo,
        cuerpo_html,
        ...links(id, recipient.user_id, key),
      });
      try {
        await mailer.send(message);
        await repo.finish(id, recipient.user_id, node, { kind: 'sent', at: clock.now().toISOString() });
      } catch (error) {
        const failure = mailFailureOf(error);
        const failedAt = clock.now();
        if (failure.kind === 'permanent' || attempts >= MAX_MAIL_ATTEMPTS) {
          await repo.finish(id, recipient.user_id, node, {
            kind: 'failed',
            error: failure.message,
            ...(failure.kind === 'permanent'
              ? { failure: { email: recipient.email, code: failure.code, at: failedAt.toISOString() } }
              : {}),
          });
        } else {
          await repo.finish(id, recipient.user_id, node, {
            kind: 'retry',
            error: failure.message,
            retryAt: new Date(failedAt.getTime() + retryDelayMs(attempts)).toISOString(),
          });
        }
      }
      const wait = gapMs - (Date.now() - started);
      if (wait > 0) await sleep(wait);
    }
    await afterBatch(job);
  }

  async function afterBatch({ id, chain, batch }: SendJob): Promise<void> {
    const current = await repo.get(id);
    if (current?.status !== 'sending') return;
    const { pending, sending, nextAt } = await repo.remaining(id);
    if (pending === 0 && sending === 0) {
      await repo.finishSending(id, clock.now().toISOString());
      return;
    }
    const now = clock.now();
    const ready = await repo.claimable(id, now.toISOString());
    await enqueueBatch(
      { id, chain, batch: batch + 1 },
      ready || !nextAt ? undefined : new Date(Math.max(now.getTime(), Date.parse(nextAt))),
    );
    jobs.kick();
  }

  /** The sending job: one batch of recipients per run; a run whose node stopped is run again elsewhere. */
  const job: JobDefinition<SendJob> = {
    name: SEND_JOB,
    label: 'Envío de comunicados por correo (por lotes)',
    run: ({ payload }) => sendBatch(payload),
  };

  return {
    node,
    job,
    sendBatch,

    /** A page of announcements, newest first, and the key of the next page. */
    async list(after?: string, limit = ANNOUNCEMENTS_PAGE_SIZE) {
      const page = await repo.list(after, limit);
      return {
        items: page.rows.map((row) => {
          const { cuerpo_html: _unused, ...rest } = toAnnouncement({ ...row, cuerpo_html: '' });
          return rest;
        }),
        next: page.next,
      };
    },

    /** A page of an announcement's recipients whose mail failed or whose outcome is unknown. */
    async recipients(
      id: number,
      status: 'unknown' | 'failed',
      after?: string,
      limit = ANNOUNCEMENTS_PAGE_SIZE,
    ) {
      await load(id);
      return repo.recipients(id, status, after, limit);
    },

    get: async (id: number) => toAnnouncement(await load(id)),

    async create(actor: Actor, draft: AnnouncementDraft): Promise<Announcement> {
      const id = await repo.insert({
        ...cleanDraft(draft),
        created_by: actor.id,
        now: clock.now().toISOString(),
      });
      return toAnnouncement(await load(id));
    },

    async update(id: number, draft: AnnouncementDraft): Promise<Announcement> {
      await load(id);
      const saved = await repo.updateDraft(id, { ...cleanDraft(draft), now: clock.now().toISOString() });
      if (!saved) throw conflict(ANNOUNCEMENT_MESSAGES.notDraft);
      return toAnnouncement(await load(id));
    },

    async remove(id: number): Promise<void> {
      await load(id);
      if (!(await repo.deleteDraft(id))) throw conflict(ANNOUNCEMENT_MESSAGES.notDraft);
    },

    reach: (audience: Audience) => repo.reach(condition(audience)),

    audienceOptions: async () => {
      const { roles, plans } = await repo.audienceOptions();
      const named = (rows: { id: number; name: string }[]) =>
        rows.map((row) => ({ id: row.id, name: roleDisplayName(row.name) }));
      return { roles: named(roles), plans: named(plans) };
    },

    preview(draft: { titulo: string; cuerpo_html: string }): AnnouncementPreview {
      const html = sanitizeBody(draft.cuerpo_html);
      const base = publicUrl();
      const email = announcementEmail({
        to: '',
        titulo: draft.titulo,
        cuerpo_html: html,
        webUrl: `${base}/mis-comunicados/0`,
        unsubscribePage: `${base}/baja-comunicados?token=…`,
        oneClickUrl: null,
      });
      return { html, subject: email.subject, email_html: email.html, email_text: email.text };
    },

    /** A copy to the author only: no unsubscribe link (it is their own test), nothing recorded on the announcement. */
    async sendTest(actor: Actor, id: number): Promise<{ to: string }> {
      const row = await load(id);
      await mailer.send(
        announcementEmail({
          to: actor.email,
          titulo: `[Prueba] ${row.titulo}`,
          cuerpo_html: row.cuerpo_html,
          ...links(id, null, null),
        }),
      );
      return { to: actor.email };
    },

    /**
     * Publishes a draft now or at `publishAt`: it becomes `scheduled` and the first batch job is enqueued for
     * that time, in the same transaction as the Historial entry; the job chooses the recipients when it runs.
     */
    async publish(actor: Actor, id: number, publishAt: string | null | undefined): Promise<Announcement> {
      const row = await load(id);
      const now = clock.now();
      const at = publishAt ? new Date(publishAt) : now;
      if (publishAt && at.getTime() <= now.getTime())
        throw badRequest(ANNOUNCEMENT_MESSAGES.pastTime, 'publish_at');
      const audience = parseAudience(row.audience);
      await repo.transaction(async () => {
        const moved = await repo.setStatus(id, ['draft'], 'scheduled', {
          publish_at: at.toISOString(),
          now: now.toISOString(),
        });
        if (!moved) throw conflict(ANNOUNCEMENT_MESSAGES.notDraft);
        await startChain(id, at);
        await history.recordAction(actorOf(actor), {
          kind: 'announcement.publish',
          entity_type: 'announcement',
          entity_id: id,
          label: row.titulo,
          changes: [
            { field: 'audiencia', before: null, after: audienceLabel(audience) },
            { field: 'publicar_en', before: null, after: publishAt ? at.toISOString() : 'Ahora' },
          ],
        });
      });
      jobs.kick();
      return toAnnouncement(await load(id));
    },

    /** Pause (a batch under way finishes its current message and stops), resume, or cancel a sending. */
    async control(actor: Actor, id: number, action: 'pause' | 'resume' | 'cancel'): Promise<Announcement> {
      const row = await load(id);
      const now = clock.now().toISOString();
      const moves: Record<typeof action, { from: AnnouncementStatus[]; to: AnnouncementStatus }> = {
        pause: { from: ['sending'], to: 'paused' },
        resume: { from: ['paused'], to: 'sending' },
        cancel: { from: ['scheduled', 'sending', 'paused'], to: 'cancelled' },
      };
      const move = moves[action];
      await repo.transaction(async () => {
        if (!(await repo.setStatus(id, move.from, move.to, { now }))) {
          throw conflict(ANNOUNCEMENT_MESSAGES.cannot);
        }
        if (action === 'resume') await startChain(id);
        await history.recordAction(actorOf(actor), {
          kind: `announcement.${action}`,
          entity_type: 'announcement',
          entity_id: id,
          label: row.titulo,
          changes: [
            {
              field: 'estado',
              before: ANNOUNCEMENT_STATUS_LABELS[row.status],
              after: ANNOUNCEMENT_STATUS_LABELS[move.to],
            },
          ],
        });
      });
      if (action === 'resume') jobs.kick();
      return toAnnouncement(await load(id));
    },

    feed: async (userId: number, limit = FEED_MAX, after?: string) => {
      const { items, unread, next } = await repo.feed(userId, limit, after);
      return {
        unread,
        next,
        items: items.map((item) => ({
          id: item.id,
          titulo: item.titulo,
          published_at: item.published_at ?? '',
          read: item.read_at !== null,
        })),
      };
    },

    async read(userId: number, id: number) {
      const row = await repo.read(userId, id, clock.now().toISOString());
      if (!row) throw notFound();
      return {
        id: row.id,
        titulo: row.titulo,
        cuerpo_html: row.cuerpo_html,
        published_at: row.published_at ?? '',
      };
    },

    emailChoice: (userId: number): Promise<AnnouncementEmailChoice> => repo.emailChoice(userId),

    async saveEmailChoice(userId: number, receive: boolean): Promise<AnnouncementEmailChoice> {
      await repo.saveEmailChoice(userId, receive, 'profile', clock.now().toISOString());
      return repo.emailChoice(userId);
    },

    /** The email's link, without a session: only announcements stop; the account's own emails do not. */
    async unsubscribe(token: string): Promise<void> {
      const userId = verifyUnsubscribe(await deps.unsubscribeKey(), token);
      if (userId === null) throw badRequest(ANNOUNCEMENT_MESSAGES.badLink);
      if (!(await repo.saveEmailChoice(userId, false, 'link', clock.now().toISOString()))) {
        throw badRequest(ANNOUNCEMENT_MESSAGES.badLink);
      }
    },

    figures: () => repo.figures(FIGURES_MAX),

    failingAddresses: () => repo.failingAddresses(),
  };
}

export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
