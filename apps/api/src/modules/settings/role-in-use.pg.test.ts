/**
 * A role deleted while a write that does not take the role-holders lock (self-registration, the command
 * line) gives it to a user: PostgreSQL's foreign key refuses the delete, answered as the role-in-use 409.
 * SQLite cannot interleave the two: a write transaction holds the database's one write lock.
 */
import { roleInUseMessage } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, csrf, signIn } from '../../../test/helper';
import { rawRows } from '../../../test/support/engine';
import { roles } from '../../db/schema';

describe('deleting a role a concurrent write is giving to a user', () => {
  it('answers the role-in-use 409, not a 500, and keeps the role', async () => {
    const { app, db, database } = await createTestApp();
    const admin = await signIn(app, ADMIN.email, ADMIN.password);
    const [role] = await db.insert(roles).values({ name: 'temporal', description: '' }).returning();
    const pool = (database.read as unknown as { $client: pg.Pool }).$client;
    const other = await pool.connect();
    try {
      await other.query('begin');
      await other.query(
        `insert into users (username, email, password_hash, role_id, is_active)
         values ($1, $2, $3, $4, false)`,
        ['nueva', 'nueva@example.com', 'not-a-real-hash', role!.id],
      );
      const deleting = app.inject({
        method: 'DELETE',
        url: `/api/admin/roles/${role!.id}`,
        headers: { ...csrf, cookie: admin },
      });
      let settled = false;
      void deleting.finally(() => (settled = true));
      // The delete counted no holder and now waits for the uncommitted insert's lock on the role's row.
      while (!settled) {
        const [waiting] = await rawRows<{ n: number }>(
          db,
          sql`select count(*) as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if (waiting!.n > 0) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      await other.query('commit');
      const res = await deleting;
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ error: roleInUseMessage(1) });
      expect(await db.select().from(roles).where(eq(roles.id, role!.id))).toHaveLength(1);
    } finally {
      other.release();
    }
  });
});
