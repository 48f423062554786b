import {
  RETENTION_LABELS,
  type RetentionCounts,
  type RetentionSettings,
  type RetentionView,
} from '@app/contracts';
import type { Clock } from '../../lib/clock';
import { diff, type Actor, type HistoryRecorder } from '../history';
import type { JobDefinition } from '../jobs';
import { SETTING_OF, type RetentionKind, type RetentionRepo } from './repo';

const DAY_MS = 24 * 60 * 60 * 1000;
const FIELDS = Object.keys(RETENTION_LABELS) as (keyof RetentionSettings)[];

export interface RetentionServiceDeps {
  repo: RetentionRepo;
  history: HistoryRecorder;
  clock: Clock;
}

/** "Conservación de datos": the days each kind of data is kept, and the daily purge that applies them. */
export function createRetentionService({ repo, history, clock }: RetentionServiceDeps) {
  const view = async (): Promise<RetentionView> => ({
    ...(await repo.settings()),
    last_run: await repo.lastRun(),
  });

  /** The instant before which each kind is purged, today, with these settings. */
  const cutoffsOf = (settings: RetentionSettings, now: Date): Record<RetentionKind, string> => {
    const cutoff = (kind: RetentionKind) =>
      new Date(now.getTime() - settings[SETTING_OF[kind]] * DAY_MS).toISOString();
    return { ai: cutoff('ai'), signin: cutoff('signin'), video: cutoff('video'), mail: cutoff('mail') };
  };

  return {
    view,

    /**
     * What the next purge would remove with these settings, before the administrator saves them: the screen
     * asks for a confirmation with these counts when a shorter period would delete data.
     */
    preview: (settings: RetentionSettings): Promise<RetentionCounts> =>
      repo.count(cutoffsOf(settings, clock.now())),

    async save(settings: RetentionSettings, actor: Actor): Promise<RetentionView> {
      const before = await repo.settings();
      await repo.transaction(async (tx) => {
        await repo.saveSettings(tx, settings, clock.now().toISOString());
        await history.recordAction(actor, {
          kind: 'retention.save',
          entity_type: 'retention',
          label: 'Conservación de datos',
          changes: diff(before, settings, FIELDS),
        });
      });
      return view();
    },

    /**
     * Today's purge, once for the whole community: the node whose claim of the day lands deletes everything
     * older than each kind's days and writes what it removed, in the claim's transaction; every other node (or
     * a later tick) finds the day claimed and does nothing. Answers the counts, or null when already done.
     */
    async runDaily(): Promise<Record<RetentionKind, number> | null> {
      const now = clock.now();
      const day = now.toISOString().slice(0, 10);
      const cutoffs = cutoffsOf(await repo.settings(), now);
      return repo.transaction(async (tx) => {
        if (!(await repo.claimDay(tx, day, now.toISOString()))) return null;
        const removed = await repo.purge(tx, cutoffs);
        await repo.purgeExpiredLimits(tx, now.getTime());
        await repo.recordRun(tx, day, removed);
        return removed;
      });
    },

    /** Its background work: the day's purge, once a day. */
    jobs(): JobDefinition[] {
      return [
        {
          name: 'retention.purge',
          label: 'Borrar los datos personales que superan sus días de conservación',
          recurring: { daily: true },
          run: async () => {
            await this.runDaily();
          },
        },
      ];
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
