import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { AppDatabase, Db } from '../../db/client';
import { bumpUserCount } from '../../db/kept-counts';
import { holdLock } from '../../db/locks';
import { single } from '../../db/rows';
import { rolePermissions, roles, sessions, tools, users } from '../../db/schema';
import { usernameSkeleton } from '../../db/username-skeleton';
import { conflict } from '../../lib/errors';
import { moveEpoch } from './epoch';
import { accountErasures } from './schema';

/** What an account may do: the role it holds and whether it may sign in. */
export interface Access {
  role_id: number;
  is_active: boolean;
}

/** A new account as an administrator or a payment makes it. */
export interface NewMember extends Access {
  username: string;
  email: string;
  phone: string | null;
  password_hash: string;
  /** An administrator's word proves the email; an account a payment made waits for its set-up link. */
  email_verified?: boolean;
}

/** An account with its role's name, as the writers of its access read it. */
export interface MemberAccount extends Access {
  id: number;
  username: string;
  email: string;
  phone: string | null;
  role: string;
  deactivated_by_admin: boolean;
}

/** Who changes the active flag: an administrator's deactivation is remembered, so billing never undoes it. */
export type AccessAuthor = 'admin' | 'billing';

/** The tool whose holders administer the community (lock-out rules). */
const CONFIG_TOOL = 'config';

/** Inserts an account and counts it, in the caller's transaction; returns its id. */
export async function insertMember(tx: Db, values: NewMember): Promise<number> {
  const rows = await tx
    .insert(users)
    .values({ ...values, username_skeleton: usernameSkeleton(values.username) })
    .returning({ id: users.id });
  await bumpUserCount(tx, values.is_active, 1);
  return single(rows, 'new user').id;
}

/**
 * Sets the active flag, in the caller's transaction. The flag flips in a write that only matches while it
 * differs, so of two concurrent edits only one moves the account between the kept counts (a read first would
 * let both do so on PostgreSQL).
 */
export async function setActive(tx: Db, id: number, isActive: boolean, by: AccessAuthor): Promise<void> {
  const flipped = await tx
    .update(users)
    .set({ is_active: isActive, deactivated_by_admin: by === 'admin' && !isActive })
    .where(and(eq(users.id, id), ne(users.is_active, isActive)))
    .returning({ id: users.id });
  if (flipped.length > 0) {
    await bumpUserCount(tx, !isActive, -1);
    await bumpUserCount(tx, isActive, 1);
  }
}

/**
 * Signs the account out everywhere, in the caller's transaction (a new role or an activation): its sessions go,
 * while its links and remembered devices stay, since no credential changed (see epoch.ts for what does).
 */
export async function endAllSessions(tx: Db, id: number): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.user_id, id));
}

/** Active accounts whose role grants the config tool: the people who can still administer. */
export async function countActiveConfigUsers(db: Db): Promise<number> {
  const configRoles = db
    .select({ role_id: rolePermissions.role_id })
    .from(rolePermissions)
    .innerJoin(tools, eq(tools.id, rolePermissions.tool_id))
    .where(eq(tools.name, CONFIG_TOOL));
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.is_active, true), inArray(users.role_id, configRoles)));
  return row?.n ?? 0;
}

/**
 * The community must keep at least one active account that can reach Configuración. The transaction holds
 * the role-holders lock, so two changes that each leave one administrator cannot both pass this count.
 */
export async function assertSomeoneAdministers(
  tx: { countActiveConfigUsers(): Promise<number> },
  message: string,
): Promise<void> {
  if ((await tx.countActiveConfigUsers()) === 0) throw conflict(message);
}

/** Accounts as their role and active flag change outside Configuración (a payment, a subscription's end). */
export function createAccessRepo(database: AppDatabase) {
  const write = database.transaction.bind(database);
  return {
    /**
     * Taken first by every transaction that changes who holds a role or what a role grants, so the lock-out
     * and role-in-use counts see every such change committed before, and none lands until this one ends.
     */
    lockRoleHolders: (): Promise<void> => holdLock(database, 'roleHolders'),

    countActiveConfigUsers: (): Promise<number> => countActiveConfigUsers(database.read),

    async findMember(id: number): Promise<MemberAccount | undefined> {
      const [row] = await database.read
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          phone: users.phone,
          role_id: users.role_id,
          role: roles.name,
          is_active: users.is_active,
          deactivated_by_admin: users.deactivated_by_admin,
        })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.role_id))
        .where(eq(users.id, id));
      return row;
    },

    /** Drops the account's scheduled erasure; answers whether one was there. */
    cancelScheduledErasure: (id: number): Promise<boolean> =>
      write(async (tx) => {
        const gone = await tx
          .delete(accountErasures)
          .where(eq(accountErasures.user_id, id))
          .returning({ user_id: accountErasures.user_id });
        return gone.length > 0;
      }),

    insertMember: (values: NewMember): Promise<number> => write((tx) => insertMember(tx, values)),

    /**
     * Gives the account a role and an active flag on billing's word (never remembered as an administrator's
     * deactivation). A deactivation moves the account epoch: everything issued to the account ends.
     */
    setAccess: (id: number, access: Access): Promise<void> =>
      write(async (tx) => {
        const [before] = await tx.select({ is_active: users.is_active }).from(users).where(eq(users.id, id));
        await setActive(tx, id, access.is_active, 'billing');
        await tx.update(users).set({ role_id: access.role_id }).where(eq(users.id, id));
        if (before?.is_active && !access.is_active) await moveEpoch(tx, [id], 'deactivated');
      }),
  };
}

export type AccessRepo = ReturnType<typeof createAccessRepo>;
