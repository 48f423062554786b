import { and, asc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import type { EventValue } from './record';
import { auditLog } from './schema';

/** An entry as code reads it: its event code, when, about which entity, its fields' values before and after. */
export interface HistoryEvent {
  kind: string;
  entity_id: number | null;
  created_at: string;
  before: Readonly<Record<string, EventValue>>;
  after: Readonly<Record<string, EventValue>>;
}

/** Ids per query by id: well under either engine's limit of bound parameters. */
const CHUNK = 200;

function valuesOf(json: string): Record<string, EventValue> {
  try {
    const parsed = JSON.parse(json) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, EventValue>)
      : {};
  } catch {
    return {};
  }
}

const columns = {
  kind: auditLog.kind,
  entity_id: auditLog.entity_id,
  created_at: auditLog.created_at,
  before_values: auditLog.before_values,
  after_values: auditLog.after_values,
};

interface Row {
  kind: string;
  entity_id: number | null;
  created_at: string;
  before_values: string;
  after_values: string;
}

const toEvent = ({ before_values, after_values, ...row }: Row): HistoryEvent => ({
  ...row,
  before: valuesOf(before_values),
  after: valuesOf(after_values),
});

/**
 * What other modules read of Historial (Estadísticas' close of each day): events by code, with their values,
 * never the Spanish text. Read on the (kind, created_at) index.
 */
export function createHistoryEvents(database: AppDatabase) {
  const db = () => database.read;
  const read = (where: SQL | undefined) =>
    db().select(columns).from(auditLog).where(where).orderBy(asc(auditLog.created_at), asc(auditLog.id));

  return {
    /** The entities of `entityType` that an event of `kinds` named in [start, end). */
    async entitiesBetween(
      kinds: readonly string[],
      entityType: string,
      start: string,
      end: string,
    ): Promise<number[]> {
      const rows = await db()
        .selectDistinct({ id: auditLog.entity_id })
        .from(auditLog)
        .where(
          and(
            inArray(auditLog.kind, [...kinds]),
            gte(auditLog.created_at, start),
            lt(auditLog.created_at, end),
            eq(auditLog.entity_type, entityType),
          ),
        );
      return rows.flatMap((row) => (row.id === null ? [] : [row.id]));
    },

    /**
     * The events of `kinds` about entities of `entityType`, oldest first: all of them, those about `ids`, or
     * those about `ids` since `since`.
     */
    async about(
      kinds: readonly string[],
      entityType: string,
      scope: { ids?: readonly number[] | undefined; since?: string | undefined } = {},
    ): Promise<(HistoryEvent & { entity_id: number })[]> {
      const of = (where?: SQL) =>
        read(and(inArray(auditLog.kind, [...kinds]), eq(auditLog.entity_type, entityType), where));
      const { ids, since } = scope;
      let rows: Row[];
      if (!ids) rows = await of();
      else if (since !== undefined) {
        // The entries since `since` by the (kind, created_at) index; the entities picked from them here.
        const wanted = new Set(ids);
        rows = (await of(gte(auditLog.created_at, since))).filter(
          (row) => row.entity_id !== null && wanted.has(row.entity_id),
        );
      } else {
        rows = [];
        for (let i = 0; i < ids.length; i += CHUNK)
          rows.push(...(await of(inArray(auditLog.entity_id, ids.slice(i, i + CHUNK)))));
        rows.sort((a, b) => a.created_at.localeCompare(b.created_at));
      }
      return rows.flatMap((row) =>
        row.entity_id === null ? [] : [{ ...toEvent(row), entity_id: row.entity_id }],
      );
    },

    /** The events of `kind` since `since`, oldest first. */
    async ofKind(kind: string, since = ''): Promise<HistoryEvent[]> {
      const rows = await read(and(eq(auditLog.kind, kind), gte(auditLog.created_at, since)));
      return rows.map(toEvent);
    },
  };
}
