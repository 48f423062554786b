import { MESSAGES } from '@app/contracts';
import { hash as argon2Hash } from '@node-rs/argon2';
import { hash as bcryptHash } from '@node-rs/bcrypt';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addUser, createTestApp, postJson } from '../../../test/helper';
import { users } from '../../db/schema';
import { ARGON2ID_OPTIONS } from '../../lib/password';

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

/** A bcrypt hash of `clave-correcta` at cost 15, one past the import's bound (made once: slow to compute). */
const BCRYPT_COST_15 = '$2b$15$Utay0qKAbFRqFoN6b3wJDeDpQ3wJHKuraLeUbxck3DM1B4ySDyKOa';

const storedHash = async (db: Awaited<ReturnType<typeof createTestApp>>['db'], id: number) =>
  (await db.select().from(users).where(eq(users.id, id)))[0]!.password_hash;

describe('sign-in against a stored hash the app would not accept on import', () => {
  it('answers a wrong password without verifying a hash above the cost bounds, even for the right password', async () => {
    const { app, db } = await createTestApp();
    const above = [
      BCRYPT_COST_15,
      // Cheap to compute, yet outside the bounds: more passes, more lanes, or more total work than allowed.
      await argon2Hash('clave-correcta', { algorithm: 2, memoryCost: 8, timeCost: 11, parallelism: 1 }),
      await argon2Hash('clave-correcta', { algorithm: 2, memoryCost: 24, timeCost: 1, parallelism: 3 }),
      await argon2Hash('clave-correcta', { algorithm: 2, memoryCost: 94216, timeCost: 1, parallelism: 1 }),
    ];
    for (const [i, hash] of above.entries()) {
      const member = await addUser(db, { email: `caro${i}@example.com` });
      await db.update(users).set({ password_hash: hash }).where(eq(users.id, member.id));
      const res = await postJson(app, '/api/auth/login', { email: member.email, password: 'clave-correcta' });
      expect(res.statusCode, hash).toBe(401);
      expect(res.json()).toEqual({ error: MESSAGES.invalidCredentials });
      expect(await storedHash(db, member.id)).toBe(hash);
    }
  });

  it('upgrades a weak argon2id hash to the current parameters at the sign-in that proves it', async () => {
    const { app, db } = await createTestApp();
    const member = await addUser(db, { email: 'debil@example.com' });
    const weak = await argon2Hash('clave-debil', {
      algorithm: 2,
      memoryCost: 8,
      timeCost: 1,
      parallelism: 1,
    });
    await db.update(users).set({ password_hash: weak }).where(eq(users.id, member.id));

    const res = await postJson(app, '/api/auth/login', { email: member.email, password: 'clave-debil' });
    expect(res.statusCode).toBe(200);
    const stored = await storedHash(db, member.id);
    const { memoryCost, timeCost } = ARGON2ID_OPTIONS;
    expect(stored.split('$').slice(1, 4)).toEqual(['argon2id', 'v=19', `m=${memoryCost},t=${timeCost},p=1`]);
    const again = await postJson(app, '/api/auth/login', { email: member.email, password: 'clave-debil' });
    expect(again.statusCode).toBe(200);
    expect(await storedHash(db, member.id)).toBe(stored);
  });

  it('refuses a password longer than 72 bytes against a bcrypt hash instead of saving it', async () => {
    const { app, db } = await createTestApp();
    const member = await addUser(db, { email: 'larga@example.com' });
    // bcrypt reads no further than 72 bytes, so whatever is typed after them would pass unchecked.
    const password = 'ñ'.repeat(36);
    const legacy = await phpBcrypt(password);
    await db.update(users).set({ password_hash: legacy }).where(eq(users.id, member.id));

    const longer = await postJson(app, '/api/auth/login', { email: member.email, password: `${password}x` });
    expect(longer.statusCode).toBe(401);
    expect(longer.json()).toEqual({ error: MESSAGES.invalidCredentials });
    expect(await storedHash(db, member.id)).toBe(legacy);

    const exact = await postJson(app, '/api/auth/login', { email: member.email, password });
    expect(exact.statusCode).toBe(200);
    expect(await storedHash(db, member.id)).toMatch(/^\$argon2id\$/);
  });
});
