import { hash as bcryptHash } from '@node-rs/bcrypt';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addUser, createTestApp, postJson } from '../../../test/helper';
import { users } from '../../db/schema';

/** PHP's password_hash() writes bcrypt with the `$2y$` prefix; the algorithm is the same as `$2b$`. */
const phpBcrypt = async (password: string): Promise<string> =>
  (await bcryptHash(password, 10)).replace(/^\$2[ab]\$/, '$2y$');

describe('sign-in with a hash brought from the PHP application', () => {
  it('accepts the old password of a $2y$ hash and stores argon2id in the same request', async () => {
    const { app, db } = await createTestApp();
    const member = await addUser(db, { email: 'luz@example.com' });
    const legacy = await phpBcrypt('clave-de-php');
    expect(legacy.startsWith('$2y$10$')).toBe(true);
    await db.update(users).set({ password_hash: legacy }).where(eq(users.id, member.id));

    const wrong = await postJson(app, '/api/auth/login', { email: member.email, password: 'otra-clave' });
    expect(wrong.statusCode).toBe(401);
    expect((await db.select().from(users).where(eq(users.id, member.id)))[0]!.password_hash).toBe(legacy);

    const res = await postJson(app, '/api/auth/login', { email: member.email, password: 'clave-de-php' });
    expect(res.statusCode).toBe(200);
    const stored = (await db.select().from(users).where(eq(users.id, member.id)))[0]!.password_hash;
    expect(stored.startsWith('$argon2id$')).toBe(true);

    const again = await postJson(app, '/api/auth/login', { email: member.email, password: 'clave-de-php' });
    expect(again.statusCode).toBe(200);
  });

  it('accepts $2a$ and $2b$ hashes as well', async () => {
    const { app, db } = await createTestApp();
    for (const [i, prefix] of ['$2a$', '$2b$'].entries()) {
      const member = await addUser(db, { email: `m${i}@example.com` });
      const legacy = (await bcryptHash('vieja-clave', 4)).replace(/^\$2[ab]\$/, prefix);
      await db.update(users).set({ password_hash: legacy }).where(eq(users.id, member.id));
      const res = await postJson(app, '/api/auth/login', { email: member.email, password: 'vieja-clave' });
      expect(res.statusCode).toBe(200);
    }
  });
});
