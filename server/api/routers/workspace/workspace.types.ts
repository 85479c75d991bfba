import { z } from "zod";
import { ZCardListItem } from "../cards/card.types";
import { ZCardListRequest } from "../cards/list.types";
import { zSlugPath } from "../cards/detail.types";

/** Inputs and outputs of the workspace-only reads (tRPC, no REST export). */
export const ZCardSlug = z.object({ slug: zSlugPath() }).strict();
export const ZSimilarRequest = z.object({ slug: zSlugPath(), limit: z.number().int().min(1).max(20).optional() }).strict();

export const ZSignalsPerMonth = z.object({ data: z.array(z.object({ month: z.string(), count: z.number().int() })) });
export const ZSimilarCards = z.object({ method: z.enum(["semantic", "categories"]), data: z.array(ZCardListItem) });

/** The /cards filter of a CSV export: the list's parameters without paging and field selection, and the view's "Only new". */
export const ZCardExportRequest = ZCardListRequest.omit({
  limit: true,
  offset: true,
  include_total: true,
  include_user_data: true,
  view: true,
  fields: true,
}).extend({
  /** With a filter_id: only the cards new since the saved filter was last marked seen ("Only new"). */
  only_new: z.enum(["true", "false"]).optional(),
});
