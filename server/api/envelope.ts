import { z } from "zod";

/** The spec's Pagination object: every key present; total null when include_total=false. */
export const ZPagination = z.object({
  limit: z.number().int(),
  offset: z.number().int(),
  total: z.number().int().nullable(),
  has_next: z.boolean(),
});
export type TPagination = z.infer<typeof ZPagination>;

/**
 * Builds the pagination object. Without a total, fetch `limit + 1` rows and pass how many came
 * back: the extra row tells whether there is a next page.
 */
export function pagination(limit: number, offset: number, total: number | null, fetched: number): TPagination {
  const hasNext = total === null ? fetched > limit : offset + Math.min(fetched, limit) < total;
  return { limit, offset, total, has_next: hasNext };
}

/** `{data, pagination, meta}` for a list response schema. */
export const listEnvelope = <T extends z.ZodType, M extends z.ZodType>(item: T, meta: M) =>
  z.object({ data: z.array(item), pagination: ZPagination, meta });
