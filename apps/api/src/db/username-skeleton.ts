import { sql, type SQL } from 'drizzle-orm';
import unhomoglyph from 'unhomoglyph';
import { users } from './schema';

/** UTS #39's skeleton: decomposed, each character replaced by its prototype in confusables.txt, decomposed. */
const skeleton = (value: string): string => unhomoglyph(value.normalize('NFD')).normalize('NFD');

/**
 * What a username looks like, for comparing it with the others: two names with the same key could be taken
 * for each other ("admın" and "admin", a Cyrillic "асе" and "ace", "rn" and "m"). Usernames are unique
 * regardless of case, so the key folds case between two skeleton passes ("Isabel" reads as "lsabel").
 */
export const usernameSkeleton = (username: string): string =>
  skeleton(skeleton(username.normalize('NFKC')).toLowerCase());

/**
 * The skeleton to store when an account's username is written again: an unchanged name keeps what it has, so an
 * older account whose name already looked like another's (no skeleton) can still save its other fields.
 */
export const renamedSkeleton = (username: string): SQL =>
  sql`case when ${users.username} = ${username} then ${users.username_skeleton} else ${usernameSkeleton(username)} end`;
