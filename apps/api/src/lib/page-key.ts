import { INVALID_PAGE_KEY, PAGE_KEY_MAX } from '@app/contracts';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  lt,
  lte,
  or,
  type AnyColumn,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from './errors';

/** A value of a query builder: bound when the query is built (a query-plan test), or a placeholder to prepare. */
export type Bound<T> = T | Placeholder;

/** What a page key holds: the sort value and id of the row the page starts after (or ends before). */
export type KeyValues = [sortValue: string, id: number];

const KeyValues = z.tuple([z.string().max(PAGE_KEY_MAX), z.number().int().safe()]);

/** Where a request asks to go: a page number, and maybe the key of the next or previous page. */
export interface PageRequest {
  page: number;
  pageSize: number;
  after?: string | undefined;
  before?: string | undefined;
}

/**
 * How one page is read, newest first: by offset when no key came (the first page, or "Página X" alone), else
 * from the key's values. A key holds values rather than naming a row, so a deleted row's key still seeks to the
 * nearest page. `backward` reads the other way (the page before the key) and `pageFromRows` turns it back.
 */
export interface PageWindow {
  page: number;
  pageSize: number;
  backward: boolean;
  anchor: KeyValues | undefined;
  /** One more row than the page, so a next page is known to exist without counting. */
  limit: number;
  offset: number;
}

const encodePageKey = (values: KeyValues): string =>
  Buffer.from(JSON.stringify(values)).toString('base64url');

/** The values of a key the server gave out; anything else is a 400, never a query that fails. */
function decodePageKey(key: string): KeyValues {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(key, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(INVALID_PAGE_KEY);
  }
  const parsed = KeyValues.safeParse(decoded);
  if (!parsed.success) throw badRequest(INVALID_PAGE_KEY);
  return parsed.data;
}

/** How a page is read: by offset, or past its key going forward or backward (a prepared query each). */
export type PageShape = 'offset' | 'after' | 'before';

export const pageShape = (window: PageWindow): PageShape =>
  window.anchor ? (window.backward ? 'before' : 'after') : 'offset';

export function pageWindow(request: PageRequest): PageWindow {
  const { page, pageSize, after, before } = request;
  if (after !== undefined && before !== undefined) throw badRequest(INVALID_PAGE_KEY);
  const key = after ?? before;
  const decoded = key === undefined ? undefined : decodePageKey(key);
  // Back to page 1 is the first page itself: read before a key, it would come up short once a row of it is
  // deleted.
  const backward = before !== undefined && page > 1;
  const anchor = before !== undefined && !backward ? undefined : decoded;
  return {
    page,
    pageSize,
    backward,
    anchor,
    limit: pageSize + 1,
    offset: anchor === undefined ? (page - 1) * pageSize : 0,
  };
}

/**
 * The rows past the key in reading order: older than it going forward, newer going backward, the id breaking
 * ties. Written as a range on the sort column plus a tie-break so both engines seek the (sort, id) index.
 */
export function seekPast(
  sort: AnyColumn,
  id: AnyColumn,
  backward: boolean,
  anchor: { sortValue: Bound<string | number>; id: Bound<number> },
): SQL | undefined {
  const [within, beyond, idBeyond] = backward ? [gte, gt, gt] : [lte, lt, lt];
  return and(
    within(sort, anchor.sortValue),
    or(beyond(sort, anchor.sortValue), and(eq(sort, anchor.sortValue), idBeyond(id, anchor.id))),
  );
}

/** Where a page read with bound values starts: past its key, or nowhere when it is read by offset. */
export const seekWindow = (sort: AnyColumn, id: AnyColumn, window: PageWindow): SQL | undefined =>
  window.anchor && seekPast(sort, id, window.backward, { sortValue: window.anchor[0], id: window.anchor[1] });

/** The reading order of a page: newest first, or oldest first when reading the page before a key. */
export const readingOrder = (sort: AnyColumn, id: AnyColumn, backward: boolean): SQL[] =>
  backward ? [asc(sort), asc(id)] : [desc(sort), desc(id)];

/** What a page says of where it is: its number and the keys of the pages around it (null at the ends). */
export interface PageKeys {
  page: number;
  next: string | null;
  prev: string | null;
}

/** A page's rows, newest first, and where it is. */
export type KeyedPage<R> = PageKeys & { rows: R[] };

/**
 * The page's rows newest first, from the rows read (one more than the page when there is more in the reading
 * direction), with the keys of the pages around it. A backward read that reaches the start is page 1.
 */
export function pageFromRows<R>(window: PageWindow, read: R[], keyOf: (row: R) => KeyValues): KeyedPage<R> {
  const more = read.length > window.pageSize;
  const taken = read.slice(0, window.pageSize);
  const rows = window.backward ? taken.reverse() : taken;
  const first = rows[0];
  const last = rows.at(-1);
  // Past either end, the key that brought us here still leads back.
  const anchorKey = window.anchor === undefined ? null : encodePageKey(window.anchor);
  const edgeKey = (row: R | undefined) => (row === undefined ? anchorKey : encodePageKey(keyOf(row)));
  if (window.backward) {
    return { rows, page: more ? window.page : 1, next: edgeKey(last), prev: more ? edgeKey(first) : null };
  }
  const hasPrevious = window.anchor !== undefined || window.page > 1;
  return {
    rows,
    page: window.page,
    next: more && last !== undefined ? encodePageKey(keyOf(last)) : null,
    prev: hasPrevious ? edgeKey(first) : null,
  };
}
