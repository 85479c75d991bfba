import { z } from "zod";
import { ZPagination } from "~/server/api/envelope";
import { zBool, zLimit, zOffset } from "~/server/lib/params";
import { zSlugPath } from "./detail.types";

export const ZCardCommentsRequest = z
  .object({ slug: zSlugPath(), limit: zLimit(100, 20), offset: zOffset(), include_total: zBool() })
  .strict();

/** One comment of a team thread (also the workspace's team.comments.* answers). */
export const ZComment = z.object({
  id: z.number().int(),
  card_id: z.number().int(),
  author: z.object({ id: z.number().int(), email: z.string(), name: z.string().nullable() }),
  text: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const ZCardCommentsResponse = z.object({ data: z.array(ZComment), pagination: ZPagination });
export type TCardCommentsResponse = z.infer<typeof ZCardCommentsResponse>;
