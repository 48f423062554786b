import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { AppDatabase } from '../../src/db/client';
import { createHistoryEvents } from '../../src/modules/history';

/**
 * Historial entries as a release before the entries kept their values wrote them (the Spanish text only), and
 * the values the upgrade gives each: what the recorder writes for the same change today.
 */
const OLD_ENTRIES = [
  {
    kind: 'user.activate',
    changes: [
      { field: 'role', before: 'cafeinas', after: 'vip' },
      { field: 'is_active', before: 'No', after: 'Sí' },
      { field: 'password', before: null, after: 'cambiada' },
    ],
    before: { role: 'cafeinas', is_active: false },
    after: { role: 'vip', is_active: true },
  },
  {
    kind: 'billing.subscription',
    changes: [
      { field: 'plan', before: null, after: 'vip' },
      { field: 'suscripcion', before: 'En prueba', after: 'Activa (no se renovará)' },
      { field: 'role', before: 'cafeinas', after: 'vip' },
    ],
    before: { suscripcion: { status: 'trialing', cancelling: false }, role: 'cafeinas' },
    after: { plan: 'vip', suscripcion: { status: 'active', cancelling: true }, role: 'vip' },
  },
  {
    kind: 'billing.subscription',
    changes: [{ field: 'suscripcion', before: 'Pago pendiente', after: 'Cancelada' }],
    before: { suscripcion: { status: 'past_due', cancelling: false } },
    after: { suscripcion: { status: 'canceled', cancelling: false } },
  },
  {
    kind: 'users.bulk',
    changes: [
      { field: 'accion', before: null, after: 'Cambiar rol' },
      { field: 'cuentas', before: null, after: '3' },
      { field: 'afectadas', before: null, after: 'ana (ana@example.com), beto (beto@example.com) y 1 más' },
      { field: 'role', before: null, after: 'vip' },
      { field: 'filtro', before: null, after: 'todas las cuentas' },
    ],
    before: {},
    after: { accion: 'set_role', cuentas: 3, role: 'vip' },
  },
  {
    kind: 'users.bulk',
    changes: [
      { field: 'accion', before: null, after: 'Activar' },
      { field: 'cuentas', before: null, after: '12' },
    ],
    before: {},
    after: { accion: 'activate', cuentas: 12 },
  },
  // Text no code reads, or wording the conversion does not know, stays text only.
  {
    kind: 'user.delete',
    changes: [{ field: 'suscripcion', before: null, after: 'Terminada al momento' }],
    before: {},
    after: {},
  },
  {
    kind: 'role.update',
    changes: [{ field: 'description', before: null, after: 'Sí' }],
    before: {},
    after: {},
  },
] as const;

/** The old entries' rows: every one about account 1 (no foreign key: it need not exist). */
export const oldRows = () =>
  OLD_ENTRIES.map((entry, i) => ({
    actor_name: 'admin',
    kind: entry.kind,
    entity_type: 'user',
    entity_id: 1,
    entity_label: 'ana',
    summary: JSON.stringify({ changes: entry.changes }),
    created_at: `2026-01-01T00:00:0${i}.000Z`,
  }));

/**
 * A copy of `folder` (one engine's migrations) whose journal stops before the migration that gave Historial its
 * values: a database migrated from it is one of the releases before.
 */
export function migrationsBeforeHistoryValues(folder: string): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'migrations-before-values-'));
  cpSync(folder, copy, { recursive: true });
  const journalFile = path.join(copy, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const values = journal.entries.findIndex((entry) => entry.tag.endsWith('_history_values'));
  expect(values).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, values);
  writeFileSync(journalFile, JSON.stringify(journal));
  return copy;
}

/** The upgraded entries read as Estadísticas reads them: each with the values of its change. */
export async function expectConverted(database: AppDatabase): Promise<void> {
  const events = createHistoryEvents(database);
  const converted = [
    ...(await events.about(['user.activate', 'billing.subscription', 'user.delete'], 'user')),
    ...(await events.ofKind('users.bulk')),
    ...(await events.ofKind('role.update')),
  ].sort((a, b) => a.created_at.localeCompare(b.created_at));
  expect(converted.map(({ kind, before, after }) => ({ kind, before, after }))).toEqual(
    OLD_ENTRIES.map(({ kind, before, after }) => ({ kind, before, after })),
  );
}
