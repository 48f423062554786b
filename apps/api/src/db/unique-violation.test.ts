import { describe, expect, it } from 'vitest';
import { addUser, createTestApp } from '../../test/helper';
import { users } from './schema';
import { accountConflictField, uniqueViolation } from './unique-violation';

describe('uniqueViolation', () => {
  it('names the account field a duplicate email or username (any case) collides with', async () => {
    const { db } = await createTestApp();
    await addUser(db, { email: 'ana@example.com', username: 'ana' });
    const caught = async (email: string, username: string) => {
      try {
        await db.insert(users).values({ email, username, password_hash: 'x', role_id: 3 });
      } catch (error) {
        return error;
      }
      throw new Error('the insert should have failed');
    };
    expect(accountConflictField(await caught('ANA@example.com', 'otra'))).toBe('email');
    expect(accountConflictField(await caught('otra@example.com', 'ANA'))).toBe('username');
    const lookalike = await db
      .insert(users)
      .values({
        email: 'x@example.com',
        username: 'x',
        username_skeleton: 'ana',
        password_hash: 'x',
        role_id: 3,
      })
      .catch((error: unknown) => error);
    expect(accountConflictField(lookalike)).toBe('lookalike');
  });

  it('ignores errors that are not unique violations', () => {
    expect(uniqueViolation(new Error('boom'))).toBeUndefined();
    expect(accountConflictField('not an error')).toBeUndefined();
  });
});
