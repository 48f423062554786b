import { z } from 'zod';

/** The highest page number a query may ask for (a guard against absurd offsets, far beyond any real list). */
export const PAGE_MAX = 1_000_000;

/** The longest page key a query may carry (a real one, the sort value and id of a row, is far shorter). */
export const PAGE_KEY_MAX = 200;

/** The answer to a page key that was not one the server gave out. */
export const INVALID_PAGE_KEY = 'Página no válida';

/** An opaque page key as the server hands it out: base64url text of bounded length. */
export const PageKey = z
  .string()
  .min(1, INVALID_PAGE_KEY)
  .max(PAGE_KEY_MAX, INVALID_PAGE_KEY)
  .regex(/^[A-Za-z0-9_-]+$/, INVALID_PAGE_KEY);

/**
 * The query fields of every paged endpoint: `page` (from 1) and `pageSize` (this endpoint's default and
 * maximum). Spread them into the endpoint's query object next to its filters.
 */
export const pageQueryFields = (defaultSize: number, maxSize: number) => ({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
});

/**
 * The query fields of a list that pages by key: `after` (the `next` key of the page before) or `before` (the
 * `prev` key of the page after) seeks straight to its page, so a deep page costs what the first one does;
 * `page` still numbers it for "Página X de Y", and alone it pages by offset.
 */
export const keyedPageQueryFields = (defaultSize: number, maxSize: number) => ({
  ...pageQueryFields(defaultSize, maxSize),
  after: PageKey.optional(),
  before: PageKey.optional(),
});

/**
 * One page of a server-side paginated list, the one shape every paged endpoint answers: the page's items, how
 * many there are in all, which page and its size (so the client derives the page count with `pageCount`). A
 * list that pages by key adds the keys of the next and previous pages (null at the ends).
 */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.strictObject({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    next: z.string().nullable().optional(),
    prev: z.string().nullable().optional(),
  });

/** A page of `T` as the client receives it. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  next?: string | null | undefined;
  prev?: string | null | undefined;
}

/** Where a keyed list goes: a page number, and the key that seeks to it when the pager has one. */
export interface PagePosition {
  page: number;
  after?: string | undefined;
  before?: string | undefined;
}

/** How many pages a list of `total` items fills (at least one, so an empty list still has page 1). */
export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / pageSize));
