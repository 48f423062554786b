import { z } from 'zod';

/** One page of a server-side paginated list: the page's items, how many there are in all, and which page. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });

/** How many pages a list of `total` items fills (at least one, so an empty list still has page 1). */
export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / pageSize));
