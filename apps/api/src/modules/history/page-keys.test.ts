import { INVALID_PAGE_KEY, type HistoryEntry } from '@app/contracts';
import { and, eq, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, signIn } from '../../../test/helper';
import { explain } from '../../../test/support/engine';
import { readingOrder, seekPast } from '../../lib/page-key';
import { expectKeyedPages, TAMPERED_KEYS } from '../../../test/support/page-keys';
import { auditLog } from './schema';

/** Thirteen entries on three days (ties in the sort key), by two administrators, of two kinds. */
async function setup() {
  const { app, db } = await createTestApp();
  const admin = await signIn(app, ADMIN.email, ADMIN.password);
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie: admin } });
  await db.delete(auditLog);
  for (let k = 0; k < 13; k += 1) {
    await db.insert(auditLog).values({
      actor_id: k % 2 === 0 ? 1 : 2,
      actor_name: k % 2 === 0 ? 'admin' : 'otra',
      kind: k % 3 === 0 ? 'user.create' : 'user.update',
      entity_type: 'user',
      entity_label: `socia ${k}`,
      created_at: `2026-03-0${(k % 3) + 1}T10:00:00.000Z`,
    });
  }
  const rows = await db.select().from(auditLog);
  /** The entry ids newest first, the id breaking ties, of the entries a filter keeps. */
  const newestFirst = (keep: (row: (typeof rows)[number]) => boolean = () => true) =>
    rows
      .filter(keep)
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
      .map((row) => row.id);
  return { db, get, newestFirst };
}

describe('Historial by page key', () => {
  it('goes forward and back through ties in the sort key, with and without filters', async () => {
    const { get, newestFirst } = await setup();
    for (const [query, keep] of [
      ['', undefined],
      ['?actor_id=2', (row: { actor_id: number | null }) => row.actor_id === 2],
      ['?kind=user.update', (row: { kind: string }) => row.kind === 'user.update'],
      ['?from=2026-03-02&to=2026-03-03', (row: { created_at: string }) => row.created_at >= '2026-03-02'],
    ] as const) {
      await expectKeyedPages(get, `/api/admin/history${query}`, 3, newestFirst(keep));
    }
  });

  it('answers the nearest page when the entry a key was taken from is deleted', async () => {
    const { db, get, newestFirst } = await setup();
    const first = (await get('/api/admin/history?pageSize=3')).json();
    const anchor = (first.items as HistoryEntry[]).at(-1)!.id;
    await db.delete(auditLog).where(eq(auditLog.id, anchor));
    const live = newestFirst((row) => row.id !== anchor);
    const second = await get(`/api/admin/history?pageSize=3&page=2&after=${first.next}`);
    expect(second.statusCode).toBe(200);
    expect(second.json().items.map((e: HistoryEntry) => e.id)).toEqual(live.slice(2, 5));
    const back = await get(`/api/admin/history?pageSize=3&page=1&before=${second.json().prev}`);
    expect(back.json()).toMatchObject({ page: 1, prev: null });
    expect(back.json().items.map((e: HistoryEntry) => e.id)).toEqual(live.slice(0, 3));
  });

  it('refuses a key it never gave out with a Spanish 400', async () => {
    const { get } = await setup();
    const { next } = (await get('/api/admin/history?pageSize=3')).json();
    const urls = [
      ...TAMPERED_KEYS.map((key) => `/api/admin/history?after=${key}`),
      ...TAMPERED_KEYS.map((key) => `/api/admin/history?kind=user.update&before=${key}`),
      `/api/admin/history?after=${next}&before=${next}`,
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toBe(INVALID_PAGE_KEY);
    }
  });

  it('reads a keyed page, alone or by admin or kind, from an index in order (no scan, no sort)', async () => {
    const { db, database } = await createTestApp();
    const filters: [SQL | undefined, string][] = [
      [undefined, 'audit_log_created_idx'],
      [eq(auditLog.actor_id, 2), 'audit_log_actor_created_idx'],
      [eq(auditLog.kind, 'user.update'), 'audit_log_kind_created_idx'],
    ];
    for (const [filter, index] of filters) {
      for (const backward of [false, true]) {
        // The page query of the history repository past a key, going forward or backward.
        const seek = seekPast(auditLog.created_at, auditLog.id, backward, {
          sortValue: '2026-03-02T10:00:00.000Z',
          id: 5,
        });
        const query = db
          .select()
          .from(auditLog)
          .where(and(filter, seek))
          .orderBy(...readingOrder(auditLog.created_at, auditLog.id, backward))
          .limit(4);
        const plan = await explain(database, query.getSQL());
        expect(plan, index).toMatch(new RegExp(`(USING INDEX|Index Scan( Backward)? using) ${index}\\b`));
        expect(plan, index).not.toMatch(/TEMP B-TREE|SCAN audit_log$|Seq Scan|Sort/m);
      }
    }
  });
});
