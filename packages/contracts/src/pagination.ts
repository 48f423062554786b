import { z } from 'zod';

/** The highest page number a query may ask for (a guard against absurd offsets, far beyond any real list). */
export const PAGE_MAX = 1_000_000;

/**
 * The query fields of every paged endpoint: `page` (from 1) and `pageSize` (this endpoint's default and
 * maximum). Spread them into the endpoint's query object next to its filters.
 */
export const pageQueryFields = (defaultSize: number, maxSize: number) => ({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
});

/**
 * One page of a server-side paginated list, the one shape every paged endpoint answers: the page's items, how
 * many there are in all, which page and its size (so the client derives the page count with `pageCount`).
 */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.strictObject({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });

/** A page of `T` as the client receives it. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** How many pages a list of `total` items fills (at least one, so an empty list still has page 1). */
export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / pageSize));
