/** What the historial offers: every module records its actions through the recorder. */
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
export { createHistoryRepo } from './repo';
export { historyRoutes } from './routes';
export { createHistoryService } from './service';

/** Estadísticas' close of each day reads the changes of accounts' roles and subscriptions. */
export { auditLog } from './schema';
/** The member data this module holds: what erasure, the archive and retention do with it. */
export { historyPersonalData } from './personal-data';
