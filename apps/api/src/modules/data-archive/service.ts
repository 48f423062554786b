import { randomUUID } from 'node:crypto';
import {
  DATA_ARCHIVE_DAYS,
  DATA_ARCHIVE_INTERVAL_HOURS,
  DATA_ARCHIVE_MESSAGES,
  type DataArchive,
  type DataArchiveState,
} from '@app/contracts';
import type { AppDatabase } from '../../db/client';
import type { Mailer } from '../../integrations/mailer';
import type { Clock } from '../../lib/clock';
import { AppError, notFound, tooManyRequests } from '../../lib/errors';
import { formatDateTime } from '../../lib/zoned-time';
import type { Actor, HistoryRecorder } from '../history';
import type { JobDefinition, JobRunner } from '../jobs';
import { buildArchive } from './build';
import { archivePreparedForMemberEmail, memberArchiveReadyEmail, ownArchiveReadyEmail } from './emails';
import type { ArchiveSources } from './parts';
import type { DataArchiveJob, DataArchiveRepo } from './repo';

const HOUR_MS = 60 * 60 * 1000;

export interface DataArchiveDeps {
  repo: DataArchiveRepo;
  database: AppDatabase;
  clock: Clock;
  history: HistoryRecorder;
  mailer: Mailer;
  publicUrl(): string;
  timeZone: string;
  log: { error(obj: object, msg: string): void };
  /** What the archive reads beyond the database (the invoices at Stripe). */
  sources?: ArchiveSources;
  /** The job runner: a request enqueues the build of its archive (`data-archive.build`, keyed by its id). */
  queue: Pick<JobRunner, 'enqueue' | 'kick'>;
}

const BUILD_JOB = 'data-archive.build';

const NO_SOURCES: ArchiveSources = { invoices: () => Promise.resolve([]) };

/** The account that asks: the signed-in user of the request. */
interface Requester {
  id: number;
  username: string;
  email: string;
}

/** A name the ZIP can carry on any system: the username's plain letters and digits. */
const fileNameOf = (username: string, day: string) => {
  const plain = username
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_-]/g, '')
    .slice(0, 40);
  return `datos-${plain || 'miembro'}-${day}.zip`;
};

/**
 * Members' data archives: asked for by the member (once a day) or an administrator (recorded in Historial),
 * built after the request by whichever node claims the job, and downloaded for 7 days by the requester alone.
 */
export function createDataArchiveService(deps: DataArchiveDeps) {
  const { repo, clock, log } = deps;

  const view = (job: DataArchiveJob): DataArchive => ({
    id: job.id,
    user_id: job.user_id,
    status: job.status,
    progress: job.progress,
    requested_at: job.requested_at,
    ready_at: job.ready_at,
    expires_at: job.expires_at,
    size: job.size,
    downloadable:
      job.status === 'ready' && job.expires_at !== null && job.expires_at > clock.now().toISOString(),
  });

  /** When the member may ask again, or null when they may now. */
  const nextOwnRequest = (last: DataArchiveJob | undefined): string | null => {
    if (!last) return null;
    const next = new Date(Date.parse(last.requested_at) + DATA_ARCHIVE_INTERVAL_HOURS * HOUR_MS);
    return next > clock.now() ? next.toISOString() : null;
  };

  async function sendReadyEmail(job: DataArchiveJob): Promise<void> {
    if (job.requested_by === null) return;
    const accounts = await repo.accounts([job.user_id, job.requested_by]);
    const member = accounts.find((account) => account.id === job.user_id);
    const requester = accounts.find((account) => account.id === job.requested_by);
    if (!member || !requester) return;
    const myData = `${deps.publicUrl()}/perfil#mis-datos`;
    if (requester.id === member.id) {
      await deps.mailer.send(ownArchiveReadyEmail(member, myData));
      return;
    }
    await deps.mailer.send(memberArchiveReadyEmail(requester, member, `${deps.publicUrl()}/config`));
    // The member is told that someone else holds a copy of their data.
    await deps.mailer.send(archivePreparedForMemberEmail(member, myData));
  }

  /**
   * Builds one archive. Each run takes the archive under its own token, so a run that a node left behind (its
   * lease ran out and another node started again) can no longer write; a failure marks the archive failed (the
   * member may ask again at once) instead of retrying.
   */
  async function build(id: number): Promise<void> {
    const run = randomUUID();
    const job = await repo.start(id, run, clock.now().toISOString());
    if (!job) return;
    try {
      const madeAt = clock.now();
      const zip = await buildArchive(
        deps.database.read,
        job.user_id,
        madeAt,
        deps.sources ?? NO_SOURCES,
        (done, total) => repo.progress(id, run, Math.floor((done / total) * 99), clock.now().toISOString()),
      );
      const readyAt = clock.now();
      const finished = await repo.finish(id, run, {
        content: Buffer.from(zip).toString('base64'),
        size: zip.byteLength,
        ready_at: readyAt.toISOString(),
        expires_at: new Date(readyAt.getTime() + DATA_ARCHIVE_DAYS * 24 * HOUR_MS).toISOString(),
      });
      if (!finished) return;
    } catch (error) {
      log.error({ err: error, archive: id }, 'data archive failed');
      await repo.fail(id, run);
      return;
    }
    await sendReadyEmail(job).catch((error: unknown) =>
      log.error({ err: error, archive: id }, 'data archive email failed'),
    );
  }

  /** Enqueued in the request's transaction: the build exists exactly when the request does. */
  const enqueueBuild = (id: number) => deps.queue.enqueue(BUILD_JOB, { key: String(id) });

  return {
    /** The module's background work: building what was asked for, and dropping the ZIPs whose days ended. */
    jobs: (): JobDefinition[] => [
      {
        name: BUILD_JOB,
        label: 'Preparar los archivos de datos pedidos',
        run: ({ key }) => build(Number(key)),
      },
      {
        name: 'data-archive.expire',
        label: 'Borrar los archivos de datos cuyo enlace caducó',
        recurring: { every: 60 * 60_000 },
        run: () => repo.expire(clock.now().toISOString()),
      },
    ],

    async ownState(user: Requester): Promise<DataArchiveState> {
      const latest = await repo.latest(user.id, user.id);
      const lastCounted = await repo.latest(user.id, user.id, { skipFailed: true });
      return { archive: latest ? view(latest) : null, next_request_at: nextOwnRequest(lastCounted) };
    },

    async memberState(admin: Requester, memberId: number): Promise<DataArchiveState> {
      if (!(await repo.member(memberId))) throw notFound();
      const latest = await repo.latest(memberId, admin.id);
      return { archive: latest ? view(latest) : null, next_request_at: null };
    },

    /** A member's own archive: refused (429) within 24 hours of their last one that did not fail. */
    async requestOwn(user: Requester): Promise<DataArchive> {
      const job = await repo.whileRequesting(async () => {
        const next = nextOwnRequest(await repo.latest(user.id, user.id, { skipFailed: true }));
        if (next) {
          throw tooManyRequests(
            DATA_ARCHIVE_MESSAGES.onceADay(formatDateTime(next, deps.timeZone)),
            (Date.parse(next) - clock.now().getTime()) / 1000,
          );
        }
        const inserted = await repo.insert({
          user_id: user.id,
          requested_by: user.id,
          requested_at: clock.now().toISOString(),
        });
        await enqueueBuild(inserted.id);
        return inserted;
      });
      deps.queue.kick();
      return view(job);
    },

    /**
     * An administrator's archive of any member, recorded in Historial under the administrator's name. One still
     * being made is answered instead of a second.
     */
    async requestForMember(admin: Actor & Requester, memberId: number): Promise<DataArchive> {
      const job = await repo.whileRequesting(async () => {
        const member = await repo.member(memberId);
        if (!member) throw notFound();
        const latest = await repo.latest(memberId, admin.id);
        if (latest && (latest.status === 'pending' || latest.status === 'running')) return latest;
        const inserted = await repo.insert({
          user_id: memberId,
          requested_by: admin.id,
          requested_at: clock.now().toISOString(),
        });
        await enqueueBuild(inserted.id);
        await deps.history.recordAction(admin, {
          kind: 'user.data_archive',
          entity_type: 'user',
          entity_id: member.id,
          label: member.username,
        });
        return inserted;
      });
      deps.queue.kick();
      return view(job);
    },

    /**
     * The ZIP, for the account that asked for it alone, while its 7 days last. Another member's archive also
     * needs the administration tool now: one taken away since the request takes the download with it.
     */
    async download(
      id: number,
      user: Requester & { permissions: readonly string[] },
    ): Promise<{ zip: Buffer; fileName: string }> {
      const job = await repo.withContent(id);
      // Another account's archive reads as missing: its existence is not told.
      if (job?.requested_by !== user.id) throw notFound(DATA_ARCHIVE_MESSAGES.notFound);
      if (job.user_id !== user.id && !user.permissions.includes('config'))
        throw notFound(DATA_ARCHIVE_MESSAGES.notFound);
      if (job.status !== 'ready') throw new AppError(409, DATA_ARCHIVE_MESSAGES.notReady);
      if (!view(job).downloadable || job.content === null)
        throw new AppError(410, DATA_ARCHIVE_MESSAGES.expired);
      const member = await repo.member(job.user_id);
      const day = (job.ready_at ?? job.requested_at).slice(0, 10);
      return { zip: Buffer.from(job.content, 'base64'), fileName: fileNameOf(member?.username ?? '', day) };
    },
  };
}

export type DataArchiveService = ReturnType<typeof createDataArchiveService>;
