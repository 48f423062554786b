import {
  describeHistoryChange,
  HISTORY_EXPORT_MAX,
  HISTORY_MESSAGES,
  historyKindLabel,
  type HistoryActor,
  type HistoryChange,
  type HistoryEntry,
  type HistoryExport,
  type HistoryKind,
  type HistoryPage,
} from '@app/contracts';
import type { Clock } from '../../lib/clock';
import { writeCsv } from '../../lib/csv';
import { badRequest } from '../../lib/errors';
import { formatDateTime, startOfDay } from '../../lib/zoned-time';
import type { PageRequest } from '../../lib/page-key';
import type { HistoryFilter, HistoryRepo, StoredEntry } from './repo';

export interface HistoryQueryFilter {
  actor_id?: number | undefined;
  kind?: HistoryKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface HistoryServiceDeps {
  repo: HistoryRepo;
  clock: Clock;
  /** The zone whose calendar days "from" and "to" name (TIME_ZONE), as every date the admin sees. */
  timeZone: string;
}

const EXPORT_PAGE = 1000;

function changesOf(summary: string): HistoryChange[] {
  try {
    const parsed = JSON.parse(summary) as { changes?: HistoryChange[] };
    return Array.isArray(parsed.changes) ? parsed.changes : [];
  } catch {
    return [];
  }
}

const toEntry = ({ summary, before_values: _b, after_values: _a, ...row }: StoredEntry): HistoryEntry => ({
  ...row,
  changes: changesOf(summary),
});

export function createHistoryService({ repo, clock, timeZone }: HistoryServiceDeps) {
  const storedFilter = (query: HistoryQueryFilter): HistoryFilter => {
    if (query.from && query.to && query.from > query.to) throw badRequest(HISTORY_MESSAGES.badRange, 'from');
    return {
      actorId: query.actor_id,
      kind: query.kind,
      since: query.from ? startOfDay(query.from, timeZone).toISOString() : undefined,
      until: query.to ? startOfDay(query.to, timeZone, 1).toISOString() : undefined,
    };
  };

  return {
    async list(query: HistoryQueryFilter & PageRequest): Promise<HistoryPage> {
      const { rows, ...rest } = await repo.page(storedFilter(query), query);
      return { ...rest, items: rows.map(toEntry), pageSize: query.pageSize };
    },

    /** One entry per administrator id, under the name of their newest entry, sorted by name. */
    async actors(): Promise<HistoryActor[]> {
      const newest = new Map<number, { username: string; latest: number }>();
      for (const row of await repo.actors()) {
        if (row.id === null) continue;
        const seen = newest.get(row.id);
        if (!seen || (row.latest ?? 0) > seen.latest) {
          newest.set(row.id, { username: row.username, latest: row.latest ?? 0 });
        }
      }
      return [...newest]
        .map(([id, { username }]) => ({ id, username }))
        .sort((a, b) => a.username.localeCompare(b.username, 'es'));
    },

    /** The filtered list as CSV (newest first, at most HISTORY_EXPORT_MAX entries), dates in TIME_ZONE. */
    async exportCsv(query: HistoryQueryFilter): Promise<HistoryExport> {
      const filter = storedFilter(query);
      const rows: StoredEntry[] = [];
      // Each batch starts at the key of the one before, so a late batch costs what the first one does.
      let after: string | undefined;
      while (rows.length < HISTORY_EXPORT_MAX) {
        const pageSize = Math.min(EXPORT_PAGE, HISTORY_EXPORT_MAX - rows.length);
        const batch = await repo.page(filter, { page: 1, pageSize, after });
        rows.push(...batch.rows);
        if (batch.next === null) break;
        after = batch.next;
      }
      const header = ['Fecha', 'Administrador', 'Email', 'Acción', 'Elemento', 'Cambios'];
      const lines = rows.map((row) => [
        formatDateTime(row.created_at, timeZone),
        row.actor_name,
        row.actor_email ?? '',
        historyKindLabel(row.kind),
        row.entity_label,
        changesOf(row.summary).map(describeHistoryChange).join('; '),
      ]);
      const day = clock.now().toISOString().slice(0, 10);
      return { filename: `historial-${day}.csv`, csv: writeCsv(header, lines), rows: lines.length };
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
