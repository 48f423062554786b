import type { LibraryName } from '@app/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { rolePermissions, tools, users } from '../../db/schema';
import {
  categoryTotals,
  completionsPerCategory,
  memberCompletionPage,
  videoCompletionPage,
  videoCount,
  type CompletionOrder,
} from '../library';

export interface MemberReportFilter extends CompletionOrder {
  role_id?: number | undefined;
}

/** Progress counts of ONE library, read with plain grouped counts (no stored counters to drift). */
export function createReportsRepo(database: AppDatabase, library: LibraryName) {
  const db = () => database.read;

  /** The roles that can open this library (their members are the ones reported on). */
  const allowedRoles = () =>
    db()
      .select({ role_id: rolePermissions.role_id })
      .from(rolePermissions)
      .innerJoin(tools, eq(tools.id, rolePermissions.tool_id))
      .where(eq(tools.name, library));

  const memberWhere = (filter: MemberReportFilter) =>
    and(
      inArray(users.role_id, allowedRoles()),
      filter.role_id === undefined ? undefined : eq(users.role_id, filter.role_id),
    );

  return {
    /** The library's categories in id order, each with its number of videos. */
    categories: () => categoryTotals(db(), library),

    /** One page of members with how many of this library's videos each completed, and the total. */
    async memberPage(filter: MemberReportFilter, limit: number, offset: number) {
      const rows = await memberCompletionPage(db(), library, memberWhere(filter), filter, limit, offset);
      if (rows.length > 0 || offset === 0) return { rows, total: rows[0]?.total_rows ?? 0 };
      const [counted] = await db().select({ n: count() }).from(users).where(memberWhere(filter));
      return { rows, total: counted?.n ?? 0 };
    },

    /** Per member of `userIds` and category: videos completed. */
    perCategory: (userIds: readonly number[]) => completionsPerCategory(db(), library, userIds),

    /** One page of the library's videos in category and stored order, with how many members completed each. */
    async videoPage(limit: number, offset: number) {
      const rows = await videoCompletionPage(db(), library, limit, offset);
      if (rows.length > 0 || offset === 0) return { rows, total: rows[0]?.total_rows ?? 0 };
      return { rows, total: await videoCount(db(), library) };
    },
  };
}

export type ReportsRepo = ReturnType<typeof createReportsRepo>;
