import type { HistoryChange, HistoryKind } from '@app/contracts';
import { lt } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { bumpHistoryCount } from './kept-counts';
import type { Clock } from '../../lib/clock';
import { auditLog } from './schema';

/** Who acted: the signed-in administrator of the request (never a value from the body). */
export interface Actor {
  id: number | null;
  username: string;
  /** Null for the command line. */
  email: string | null;
}

export const actorOf = (user: { id: number; username: string; email: string }): Actor => ({
  id: user.id,
  username: user.username,
  email: user.email,
});

/** A field's value as code reads it back (never the Spanish wording): JSON. */
export type EventValue =
  string | number | boolean | null | readonly EventValue[] | { readonly [key: string]: EventValue };

/**
 * A changed field as a service records it: the text the Spanish line shows, and in `values` what the field held
 * before and after, for code to read (a change without `values` is kept as text only).
 */
export interface RecordedChange extends HistoryChange {
  values?: { before?: EventValue; after?: EventValue };
}

/** One action as a service describes it: `kind` is its event code. */
export interface ActionEntry {
  kind: HistoryKind;
  entity_type: string;
  entity_id?: number | null;
  /** How the entity reads to a person (a username, a role's name, a video's title). */
  label: string;
  changes?: RecordedChange[];
}

/** The longest value text kept for one field (a prompt is summarised, not copied whole). */
const VALUE_MAX = 200;

/** A value shown as `shown` and kept for code as `value` (a status shown by its label, kept by its code). */
export interface Coded {
  readonly shown: string | null;
  readonly value: EventValue;
}

export const coded = (shown: string | null, value: EventValue): Coded => ({ shown, value });

/** A field value the history can show. */
export type Shown = string | number | boolean | null | undefined | readonly (string | number)[] | Coded;

const isCoded = (value: Shown): value is Coded =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const cut = (text: string) => (text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1)}…` : text);

/** A value as the short text the history shows: yes/no in Spanish, lists joined, long text cut. */
function displayValue(value: Shown): string | null {
  if (isCoded(value)) return value.shown === null ? null : cut(value.shown);
  if (value === null || value === undefined || value === '') return null;
  const text =
    typeof value === 'boolean'
      ? value
        ? 'Sí'
        : 'No'
      : Array.isArray(value)
        ? value.join(', ')
        : String(value);
  return cut(text);
}

/** A value as code reads it back: as given, long text cut like the shown one, nothing as null. */
function eventValue(value: Shown): EventValue {
  if (isCoded(value)) return value.value;
  if (value === undefined || value === '') return null;
  return typeof value === 'string' ? cut(value) : value;
}

/** The fields whose value differs between `before` and `after`, as changes. */
export function diff<K extends string>(
  before: Record<K, Shown>,
  after: Record<K, Shown>,
  fields: readonly K[],
): RecordedChange[] {
  return fields.flatMap((field) => {
    const from = displayValue(before[field]);
    const to = displayValue(after[field]);
    const values = { before: eventValue(before[field]), after: eventValue(after[field]) };
    return from === to ? [] : [{ field, before: from, after: to, values }];
  });
}

/** Every field of a new entity (nothing before). */
export const created = <K extends string>(after: Record<K, Shown>, fields: readonly K[]): RecordedChange[] =>
  fields.flatMap((field) => {
    const to = displayValue(after[field]);
    return to === null
      ? []
      : [{ field, before: null, after: to, values: { after: eventValue(after[field]) } }];
  });

/** Every field of a deleted entity (nothing after). */
export const removed = <K extends string>(before: Record<K, Shown>, fields: readonly K[]): RecordedChange[] =>
  fields.flatMap((field) => {
    const from = displayValue(before[field]);
    return from === null
      ? []
      : [{ field, before: from, after: null, values: { before: eventValue(before[field]) } }];
  });

/** The entry's text and its values apart: the summary the screen shows, the values code reads. */
function stored(changes: readonly RecordedChange[]) {
  const shown: HistoryChange[] = [];
  const before: Record<string, EventValue> = {};
  const after: Record<string, EventValue> = {};
  for (const { values, ...change } of changes) {
    shown.push(change);
    if (values?.before !== undefined) before[change.field] = values.before;
    if (values?.after !== undefined) after[change.field] = values.after;
  }
  return {
    summary: JSON.stringify({ changes: shown }),
    before_values: JSON.stringify(before),
    after_values: JSON.stringify(after),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

export interface HistoryRecorderDeps {
  clock: Clock;
  /** Days an entry is kept (HISTORY_RETENTION_DAYS). */
  retentionDays: number;
}

/**
 * Records administrator actions. `recordAction` joins the transaction of the change it describes, so a change
 * rolled back (a refused action) leaves no entry; called outside one, it throws. Entries older than the
 * retention period are pruned by the same write: no timer to run, and two API nodes pruning at once only
 * delete the same old rows.
 */
export function createHistoryRecorder(database: AppDatabase, { clock, retentionDays }: HistoryRecorderDeps) {
  return {
    async recordAction(actor: Actor, entry: ActionEntry): Promise<void> {
      if (!database.inTransaction) throw new Error('recordAction runs inside the transaction of the change');
      const now = clock.now();
      await database.transaction(async (tx) => {
        await tx.insert(auditLog).values({
          actor_id: actor.id,
          actor_name: actor.username,
          actor_email: actor.email,
          kind: entry.kind,
          entity_type: entry.entity_type,
          entity_id: entry.entity_id ?? null,
          entity_label: entry.label,
          ...stored(entry.changes ?? []),
          created_at: now.toISOString(),
        });
        await bumpHistoryCount(tx, entry.kind, 1);
        const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
        const pruned = await tx
          .delete(auditLog)
          .where(lt(auditLog.created_at, cutoff))
          .returning({ kind: auditLog.kind });
        const prunedByKind = new Map<string, number>();
        for (const { kind } of pruned) prunedByKind.set(kind, (prunedByKind.get(kind) ?? 0) + 1);
        for (const [kind, n] of prunedByKind) await bumpHistoryCount(tx, kind, -n);
      });
    },
  };
}

export type HistoryRecorder = ReturnType<typeof createHistoryRecorder>;
