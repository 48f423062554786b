import { INVALID_PAGE_KEY, type AdminUser } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { ADMIN, addUser, createTestApp, signIn } from '../../../test/helper';
import { explain } from '../../../test/support/engine';
import { readingOrder, seekPast } from '../../lib/page-key';
import { expectKeyedPages, TAMPERED_KEYS } from '../../../test/support/page-keys';

/** Eleven members on three days (ties in the sort key), every third one pending, all named "socia". */
async function setup() {
  const { app, db } = await createTestApp();
  const admin = await signIn(app, ADMIN.email, ADMIN.password);
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie: admin } });
  for (let k = 0; k < 11; k += 1) {
    const { id } = await addUser(db, { email: `socia${k}@example.com`, is_active: k % 3 !== 0 });
    await db
      .update(users)
      .set({ created_at: `2024-03-0${(k % 3) + 1}T10:00:00.000Z` })
      .where(eq(users.id, id));
  }
  const rows = await db.select().from(users);
  /** The user ids newest first, the id breaking ties, of the members a filter keeps. */
  const newestFirst = (keep: (row: (typeof rows)[number]) => boolean = () => true) =>
    rows
      .filter(keep)
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
      .map((row) => row.id);
  return { db, get, newestFirst };
}

describe('the admin user list by page key', () => {
  it('goes forward and back through ties in the sort key: everyone, pending, a search', async () => {
    const { get, newestFirst } = await setup();
    for (const [query, keep] of [
      ['', undefined],
      ['?pending=true', (row: { is_active: boolean }) => !row.is_active],
      ['?search=socia', (row: { email: string }) => row.email.includes('socia')],
      ['?search=socia&pending=true', (row: { email: string; is_active: boolean }) => !row.is_active],
    ] as const) {
      await expectKeyedPages(get, `/api/admin/users${query}`, 3, newestFirst(keep));
    }
  });

  it('answers the nearest page when the row a key was taken from is deleted', async () => {
    const { db, get, newestFirst } = await setup();
    const deleted: number[] = [];
    for (const [query, name] of [
      ['', ''],
      ['&search=socia', 'socia'],
    ] as const) {
      const first = (await get(`/api/admin/users?pageSize=3${query}`)).json();
      const anchor = (first.items as AdminUser[]).at(-1)!.id;
      await db.delete(users).where(eq(users.id, anchor));
      deleted.push(anchor);
      const live = newestFirst((row) => !deleted.includes(row.id) && row.email.includes(name));
      const second = await get(`/api/admin/users?pageSize=3&page=2&after=${first.next}${query}`);
      expect(second.statusCode).toBe(200);
      expect(second.json().items.map((u: AdminUser) => u.id)).toEqual(live.slice(2, 5));
      const back = await get(`/api/admin/users?pageSize=3&page=1&before=${second.json().prev}${query}`);
      expect(back.json()).toMatchObject({ page: 1, prev: null });
      expect(back.json().items.map((u: AdminUser) => u.id)).toEqual(live.slice(0, 3));
    }
  });

  it('refuses a key it never gave out with a Spanish 400', async () => {
    const { get } = await setup();
    const { next } = (await get('/api/admin/users?pageSize=3')).json();
    const urls = [
      ...TAMPERED_KEYS.map((key) => `/api/admin/users?after=${key}`),
      ...TAMPERED_KEYS.map((key) => `/api/admin/users?pending=true&before=${key}`),
      ...TAMPERED_KEYS.map((key) => `/api/admin/users?search=socia&after=${key}`),
      `/api/admin/users?after=${next}&before=${next}`,
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toBe(INVALID_PAGE_KEY);
    }
  });

  it('reads a keyed page of everyone or the pending accounts from an index in order (no scan, no sort)', async () => {
    const { db, database } = await createTestApp();
    for (const [pending, index] of [
      [false, 'users_created_at_idx'],
      [true, 'users_active_created_at_idx'],
    ] as const) {
      for (const backward of [false, true]) {
        // The page ids of the user list repository past a key, going forward or backward.
        const seek = seekPast(users.created_at, users.id, backward, { sortValue: '2024-03-02', id: 5 });
        const query = db
          .select({ id: users.id })
          .from(users)
          .where(and(pending ? eq(users.is_active, false) : undefined, seek))
          .orderBy(...readingOrder(users.created_at, users.id, backward))
          .limit(4);
        const plan = await explain(database, query.getSQL());
        expect(plan, index).toMatch(
          new RegExp(`(USING (COVERING )?INDEX|Index (Only )?Scan( Backward)? using) ${index}\\b`),
        );
        expect(plan, index).not.toMatch(/TEMP B-TREE|SCAN users$|Seq Scan|Sort/m);
      }
    }
  });
});
