import { z } from "zod";
import { ZPagination } from "~/server/api/envelope";
import { zBool, zLimit, zOffset } from "~/server/lib/params";
import { ZInteraction } from "./card.types";
import { zSlugPath } from "./detail.types";

export const ZCardInteractionsRequest = z
  .object({ slug: zSlugPath(), limit: zLimit(200, 50), offset: zOffset(), include_total: zBool() })
  .strict();

export const ZCardInteractionsResponse = z.object({ data: z.array(ZInteraction), pagination: ZPagination });
export type TCardInteractionsResponse = z.infer<typeof ZCardInteractionsResponse>;
