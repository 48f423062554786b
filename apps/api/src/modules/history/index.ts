/** What the historial offers: every module records its actions through the recorder. */
import { defineModule, type BaseContext } from '../registration';
import { historyPersonalData } from './personal-data';
import { createHistoryRepo } from './repo';
import { historyRoutes } from './routes';
import { createHistoryService } from './service';
import { createHistoryRecorder, type HistoryRecorder } from './record';

export { recountHistory } from './kept-counts';
export {
  actorOf,
  coded,
  createHistoryRecorder,
  created,
  diff,
  removed,
  type ActionEntry,
  type Actor,
  type EventValue,
  type HistoryRecorder,
  type RecordedChange,
  type Shown,
} from './record';
/** What code reads of Historial: events by code with their values, never the Spanish text. */
export { createHistoryEvents, type HistoryEvent } from './events';

/** The erasure of a member rewrites the entries that name them. */
export { rewriteHistoryOf, type HistoryRow } from './erasure';

/**
 * Historial (/config): its list and export. Gives the recorder every other module records its actions through,
 * in the transaction of the change.
 */
export const historyModule = defineModule({
  name: 'history',
  personalData: historyPersonalData,
  register: ({ app, db, clock, config }: BaseContext): HistoryRecorder => {
    historyRoutes(
      app,
      createHistoryService({ repo: createHistoryRepo(db), clock, timeZone: config.timeZone }),
    );
    return createHistoryRecorder(db, { clock, retentionDays: config.historyRetentionDays });
  },
});
