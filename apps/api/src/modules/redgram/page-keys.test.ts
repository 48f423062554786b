import { INVALID_PAGE_KEY, type RedgramHistoryEntry } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createAiTestApp, send } from '../../../test/ai-helpers';
import { addUser } from '../../../test/helper';
import { explain } from '../../../test/support/engine';
import { expectKeyedPages, TAMPERED_KEYS } from '../../../test/support/page-keys';
import { historyPageQueries } from './repo';
import { redgramHistory } from './schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Thirteen of the member's generations on three recent days (ties in the sort key), two topics, and one of another
 * member's that no page of theirs shows.
 */
async function setup() {
  const t = await createAiTestApp();
  const get = (url: string) => send(t.app, 'GET', url, t.vip);
  const remove = (id: number) => send(t.app, 'DELETE', `/api/redgram/history/${id}`, t.vip);
  const [vip] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'vip@example.com'));
  const other = await addUser(t.db, { email: 'otra@example.com', role: 'vip' });
  const today = Date.now() - (Date.now() % DAY_MS);
  const entry = (userId: number, k: number) => ({
    user_id: userId,
    profile_name: 'Panadería Sol',
    social_network: 'Instagram',
    mode: 'escribir' as const,
    input_text: k % 2 === 0 ? `pan ${k}` : `torta ${k}`,
    variants: JSON.stringify([`variante ${k}`]),
    created_at: new Date(today - (k % 3) * DAY_MS).toISOString(),
  });
  for (let k = 0; k < 13; k += 1) await t.db.insert(redgramHistory).values(entry(vip!.id, k));
  await t.db.insert(redgramHistory).values(entry(other.id, 0));
  const rows = await t.db.select().from(redgramHistory).where(eq(redgramHistory.user_id, vip!.id));
  /** The member's entry ids newest first, the id breaking ties, of the entries a search keeps. */
  const newestFirst = (keep: (row: (typeof rows)[number]) => boolean = () => true) =>
    rows
      .filter(keep)
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
      .map((row) => row.id);
  return { get, remove, newestFirst };
}

describe('Mi historial by page key', () => {
  it('goes forward and back through ties in the sort key, with and without a search', async () => {
    const { get, newestFirst } = await setup();
    for (const [query, keep] of [
      ['', undefined],
      ['?q=torta', (row: { input_text: string }) => row.input_text.startsWith('torta')],
    ] as const) {
      await expectKeyedPages(get, `/api/redgram/history${query}`, 3, newestFirst(keep));
    }
  });

  it('answers the nearest page when the entry a key was taken from is deleted', async () => {
    const { get, remove, newestFirst } = await setup();
    const first = (await get('/api/redgram/history?pageSize=3')).json();
    const anchor = (first.items as RedgramHistoryEntry[]).at(-1)!.id;
    expect((await remove(anchor)).statusCode).toBeLessThan(300);
    const live = newestFirst((row) => row.id !== anchor);
    const second = await get(`/api/redgram/history?pageSize=3&page=2&after=${first.next}`);
    expect(second.statusCode).toBe(200);
    expect(second.json().items.map((e: RedgramHistoryEntry) => e.id)).toEqual(live.slice(2, 5));
    const back = await get(`/api/redgram/history?pageSize=3&page=1&before=${second.json().prev}`);
    expect(back.json()).toMatchObject({ page: 1, prev: null });
    expect(back.json().items.map((e: RedgramHistoryEntry) => e.id)).toEqual(live.slice(0, 3));
  });

  it('refuses a key it never gave out with a Spanish 400', async () => {
    const { get } = await setup();
    const { next } = (await get('/api/redgram/history?pageSize=3')).json();
    const urls = [
      ...TAMPERED_KEYS.map((key) => `/api/redgram/history?after=${key}`),
      ...TAMPERED_KEYS.map((key) => `/api/redgram/history?q=torta&before=${key}`),
      `/api/redgram/history?after=${next}&before=${next}`,
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toBe(INVALID_PAGE_KEY);
    }
  });

  it("reads each page of a member's entries, and their number, from an index in order (no scan, no sort)", async () => {
    const { db, database } = await createAiTestApp();
    const shapes = ['offset', 'after', 'before'] as const;
    for (const shape of shapes) {
      // The repository's page queries, as it prepares them and as a search builds them.
      for (const match of [undefined, database.dialect.contains(redgramHistory.input_text, 'pan')]) {
        const { rows, total } = historyPageQueries(db, {
          userId: 2,
          since: '2026-01-01',
          match,
          shape,
          anchor: { sortValue: '2026-03-02T10:00:00.000Z', id: 5 },
          limit: 11,
          offset: shape === 'offset' ? 20 : 0,
        });
        for (const [name, query] of Object.entries({ rows, total })) {
          const plan = await explain(database, query.getSQL());
          const label = `${shape} ${name}${match ? ' with a search' : ''}`;
          expect(plan, label).toMatch(
            /(USING (COVERING )?INDEX|Index (Only )?Scan( Backward)? using|Bitmap Index Scan on) redgram_history_user_created_idx\b/,
          );
          expect(plan, label).not.toMatch(/TEMP B-TREE|SCAN redgram_history$|Seq Scan|Sort/m);
        }
      }
    }
  });
});
