import type { AdminUser } from '@app/contracts';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase, Db } from '../../db/client';
import { preparedPerConnection } from '../../db/prepared';
import { roles, userCounts, users } from '../../db/schema';
import { adminUserFields } from './users-repo';

export interface UserFilter {
  page: number;
  pageSize: number;
  search?: string | undefined;
  pending?: boolean | undefined;
}

/** A page of the user list and the total it is a page of. */
interface UserPage {
  items: AdminUser[];
  total: number;
}

/** The accounts the list's search and pending filter keep (the bulk actions target them too). */
export const userFilter = (
  database: AppDatabase,
  { search, pending }: Omit<UserFilter, 'page' | 'pageSize'>,
): SQL | undefined =>
  and(
    pending ? eq(users.is_active, false) : undefined,
    search ? database.dialect.userSearch(users.id, users.username, users.email, search) : undefined,
  );

const newestFirst = [desc(users.created_at), desc(users.id)];

/** The admin list of accounts, newest first, a page at a time. */
export function createUserListRepo(database: AppDatabase) {
  const db = () => database.read;

  /**
   * A page of the list without a search (everyone, or the pending accounts), prepared once per connection: its
   * rows by the ids of users_created_at_idx or users_active_created_at_idx alone (a deep page's OFFSET walks index
   * entries only), and the total, counted on the same index.
   */
  const unsearchedPage = preparedPerConnection((on: Db, shape: 'all' | 'pending') => {
    const where = userFilter(database, { pending: shape === 'pending' });
    const pageIds = on
      .select({ id: users.id })
      .from(users)
      .where(where)
      .orderBy(...newestFirst)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return {
      rows: on
        .select(adminUserFields)
        .from(users)
        .innerJoin(roles, eq(roles.id, users.role_id))
        .where(inArray(users.id, pageIds))
        .orderBy(...newestFirst)
        .prepare(),
      // The kept count of the accounts in that state (both states for everyone), not a count of the rows.
      total: on
        .select({ n: sql<number>`coalesce(sum(${userCounts.n}), 0)`.mapWith(Number) })
        .from(userCounts)
        .where(shape === 'pending' ? eq(userCounts.is_active, false) : undefined)
        .prepare(),
    };
  });

  /** A search reads its matches through the search index: one pass with a window count. */
  const searchedPage = async (filter: UserFilter): Promise<UserPage> => {
    const { page, pageSize } = filter;
    const where = userFilter(database, filter);
    const rows = await db()
      .select({ ...adminUserFields, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.role_id))
      .where(where)
      .orderBy(...newestFirst)
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    if (rows.length > 0 || page === 1) {
      return { items: rows.map(({ total: _total, ...user }) => user), total: rows[0]?.total ?? 0 };
    }
    // Past the last page of a search: no row carries the total.
    const [counted] = await db().select({ n: count() }).from(users).where(where);
    return { items: [], total: counted?.n ?? 0 };
  };

  const listUsers = async (filter: UserFilter): Promise<UserPage> => {
    if (filter.search) return searchedPage(filter);
    const queries = unsearchedPage(db(), filter.pending ? 'pending' : 'all');
    const values = { limit: filter.pageSize, offset: (filter.page - 1) * filter.pageSize };
    const [items, totals] = await Promise.all([queries.rows.execute(values), queries.total.execute(values)]);
    return { items, total: totals[0]?.n ?? 0 };
  };

  return { listUsers };
}
