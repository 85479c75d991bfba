import { z } from "zod";
import { cardFilterShape } from "~/server/domain/cards/filter-schema";
import { ZPagination } from "~/server/api/envelope";
import { zBody, zQuery, type TParamHelpers } from "~/server/lib/params";
import { ZCardListItem } from "./card.types";

/**
 * Parameters of GET /v1/cards/ (query string: lists as comma strings) and POST /v1/cards/ (JSON
 * body: lists as arrays; `fields` also as a comma string, as the spec allows): paging, totals,
 * user data and filter_id around the card filter (server/domain/cards/filter-schema.ts), which is
 * also what a saved filter holds.
 */

const MAX_INT = 2_147_483_647;

function cardListRequest(p: TParamHelpers) {
  return z
    .object({
      limit: p.limit(100, 20),
      offset: p.offset(),
      include_total: p.bool(),
      include_user_data: p.bool(),
      filter_id: p.int({ min: 1, max: MAX_INT }),
      ...cardFilterShape(p),
    })
    .strict();
}

/** GET /v1/cards/: the query string (and the workspace's typed tRPC input). */
export const ZCardListRequest = cardListRequest(zQuery);
/** POST /v1/cards/ and saved filters: a JSON body, lists as arrays, every value of its JSON type. */
export const ZCardListBody = cardListRequest(zBody);
export type TCardListRequest = z.infer<typeof ZCardListRequest>;

export const ZCardListResponse = z.object({
  data: z.array(ZCardListItem),
  pagination: ZPagination,
  meta: z.object({
    sort: z.string(),
    fields: z.array(z.string()),
    semantic: z.object({ enabled: z.boolean(), min_similarity: z.number(), ranking: z.string() }).optional(),
  }),
});
export type TCardListResponse = z.infer<typeof ZCardListResponse>;
