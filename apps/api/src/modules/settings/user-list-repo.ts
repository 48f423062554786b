import type { AdminUser, BillingFilter } from '@app/contracts';
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase, Db } from '../../db/client';
import { preparedPerConnection } from '../../db/prepared';
import { userCounts, users } from '../../db/schema';
import {
  pageFromRows,
  pageShape,
  pageWindow,
  readingOrder,
  seekPast,
  seekWindow,
  type PageKeys,
  type KeyValues,
  type PageRequest,
  type PageShape,
  type PageWindow,
} from '../../lib/page-key';
import { subscribersIn } from '../billing';
import { selectAdminUsers, toAdminUser } from './users-repo';

export interface UserFilter extends PageRequest {
  search?: string | undefined;
  pending?: boolean | undefined;
  billing?: BillingFilter | undefined;
}

/** A page of the user list, the keys of the pages around it and the total it is a page of. */
type UserPage = PageKeys & { items: AdminUser[]; total: number };

/**
 * The accounts the list's search, pending and subscription filters keep (the bulk actions and the export
 * target them too).
 */
export const userFilter = (
  database: AppDatabase,
  { search, pending, billing }: Pick<UserFilter, 'search' | 'pending' | 'billing'>,
): SQL | undefined =>
  and(
    pending ? eq(users.is_active, false) : undefined,
    search ? database.dialect.userSearch(users.id, users.username, users.email, search) : undefined,
    billing ? subscribersIn(database.read, billing) : undefined,
  );

const keyOf = (user: AdminUser): KeyValues => [user.created_at, user.id];

/** The admin list of accounts, newest first, a page at a time. */
export function createUserListRepo(database: AppDatabase) {
  const db = () => database.read;

  /**
   * A page of the list without a search or subscription filter (everyone, or the pending accounts), prepared
   * once per connection: its rows by the ids of users_created_at_idx or users_active_created_at_idx alone (a
   * page key seeks there; a deep page's OFFSET walks index entries only), and the total from the kept counts.
   */
  const unsearchedPage = preparedPerConnection((on: Db, shape: `${'all' | 'pending'}:${PageShape}`) => {
    const [list, read] = shape.split(':') as ['all' | 'pending', PageShape];
    const where = userFilter(database, { pending: list === 'pending' });
    const backward = read === 'before';
    const seek =
      read === 'offset'
        ? undefined
        : seekPast(users.created_at, users.id, backward, {
            sortValue: sql.placeholder('sortValue'),
            id: sql.placeholder('anchorId'),
          });
    const order = readingOrder(users.created_at, users.id, backward);
    const pageIds = on
      .select({ id: users.id })
      .from(users)
      .where(and(where, seek))
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return {
      rows: selectAdminUsers(on, {})
        .where(inArray(users.id, pageIds))
        .orderBy(...order)
        .prepare(),
      // The kept count of the accounts in that state (both states for everyone), not a count of the rows.
      total: on
        .select({ n: sql<number>`coalesce(sum(${userCounts.n}), 0)`.mapWith(Number) })
        .from(userCounts)
        .where(list === 'pending' ? eq(userCounts.is_active, false) : undefined)
        .prepare(),
    };
  });

  /**
   * A search or a subscription filter reads its matches in one pass with a window count (no kept count holds
   * their total). Past a page key the window sees only the rows beyond it, so the total is counted apart.
   */
  const searchedPage = async (filter: UserFilter, window: PageWindow): Promise<UserPage> => {
    const where = userFilter(database, filter);
    const read = await selectAdminUsers(db(), { total: sql<number>`count(*) over ()`.mapWith(Number) })
      .where(and(where, seekWindow(users.created_at, users.id, window)))
      .orderBy(...readingOrder(users.created_at, users.id, window.backward))
      .limit(window.limit)
      .offset(window.offset);
    const { rows, ...keys } = pageFromRows(
      window,
      read.map(({ total: _total, ...user }) => toAdminUser(user)),
      keyOf,
    );
    if (!window.anchor && (read.length > 0 || window.page === 1)) {
      return { items: rows, total: read[0]?.total ?? 0, ...keys };
    }
    // Past the last page of a search, or past a key: no row carries the whole total.
    const [counted] = await db().select({ n: count() }).from(users).where(where);
    return { items: rows, total: counted?.n ?? 0, ...keys };
  };

  const listUsers = async (filter: UserFilter): Promise<UserPage> => {
    const window = pageWindow(filter);
    if (filter.search || filter.billing) return searchedPage(filter, window);
    const queries = unsearchedPage(db(), `${filter.pending ? 'pending' : 'all'}:${pageShape(window)}`);
    const [sortValue, anchorId] = window.anchor ?? [];
    const values = { limit: window.limit, offset: window.offset, sortValue, anchorId };
    const [read, totals] = await Promise.all([queries.rows.execute(values), queries.total.execute(values)]);
    const { rows, ...keys } = pageFromRows(window, read.map(toAdminUser), keyOf);
    return { items: rows, total: totals[0]?.n ?? 0, ...keys };
  };

  return { listUsers };
}
