import { existsSync, readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { ADMIN, addUser, createTestApp, postJson, signIn } from './helper';
import { plantMemberData } from './support/planted-data';

/** How many times `needle` appears in the file's bytes (0 for a file that does not exist). */
function occurrences(file: string, needle: string): number {
  if (!existsSync(file)) return 0;
  const bytes = readFileSync(file);
  let found = 0;
  for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) found += 1;
  return found;
}

describe('an erasure on SQLite', () => {
  it('leaves the email in neither the database file nor its write-ahead log', async () => {
    const t = await createTestApp();
    const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email));
    const email = 'martin-pescador@correo-unico.example';
    const added = await addUser(t.db, { email, username: 'martin-pescador' });
    await plantMemberData(
      t.db,
      { id: added.id, email, username: 'martin-pescador', phone: '+34 600 111 222' },
      admin!.id,
    );
    const cookie = await signIn(t.app, email, added.password);

    const file = t.database.writer.$client.name;
    const files = [file, `${file}-wal`];
    // The member's data is there before (the log holds the recent writes).
    expect(files.map((f) => occurrences(f, email)).reduce((a, b) => a + b)).toBeGreaterThan(0);

    const res = await postJson(t.app, '/api/accounts/erasure', { password: added.password }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.fromEntries(files.map((f) => [f, occurrences(f, email)]))).toEqual(
      Object.fromEntries(files.map((f) => [f, 0])),
    );
  });
});
