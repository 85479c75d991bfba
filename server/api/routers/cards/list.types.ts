import { z } from "zod";
import { unknownFields, SELECTABLE_FIELDS } from "../../../domain/cards/fields";
import { parseSort } from "../../../domain/cards/sort";
import { ZPagination } from "../../envelope";
import { zBody, zQuery, type TParamHelpers } from "../../params";
import { ZCardListItem } from "./card.types";

/**
 * Parameters of GET /v1/cards/ (query string: lists as comma strings) and POST /v1/cards/ (JSON
 * body: lists as arrays; `fields` also as a comma string, as the spec allows). The filter part is
 * also what a saved filter holds.
 */

const MAX_INT = 2_147_483_647;

/** The card list parameters, built with the query-string or the JSON-body helpers (server/api/params.ts). */
function cardFilterShape(p: TParamHelpers) {
  const slugs = () => p.list({ maxItems: 200, maxLength: 200 });
  return {
    sort: p.text(300).superRefine((v, ctx) => {
      if (v === undefined) return;
      const sort = parseSort(v);
      if ("error" in sort) ctx.addIssue({ code: "custom", message: sort.error });
    }),
    view: p.choice(["default", "compact"]),
    fields: p.list({ maxItems: 50, maxLength: 100, commaString: true }).superRefine((v, ctx) => {
      const bad = v ? unknownFields(v) : [];
      if (bad.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `unknown field(s): ${bad.map((b) => b.slice(0, 40)).join(", ")}; fields are ${SELECTABLE_FIELDS.join(", ")}`,
        });
      }
    }),
    stages: slugs(),
    rounds: slugs(),
    categories: slugs(),
    locations: slugs(),
    participants: slugs(),
    source_types: slugs(),
    display_preference: p.choice(["web3", "web2", "all"]),
    folder_ids: p.intList({ maxItems: 200 }),
    search: p.text(500),
    semantic: p.bool(),
    min_similarity: p.float(0, 1),
    featured: p.bool(),
    new: p.bool(),
    trending: p.bool(),
    min_signals: p.int({ min: 0, max: MAX_INT }),
    max_signals: p.int({ min: 0, max: MAX_INT }),
    created_after: p.date(),
    created_before: p.date(),
    updated_after: p.date(),
    updated_before: p.date(),
    last_interaction_after: p.date(),
    last_interaction_before: p.date(),
    first_interaction_after: p.date(),
    first_interaction_before: p.date(),
  };
}

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

/** What a saved filter holds, in JSON form (validated on save and again when applied through filter_id). */
export const ZCardFilterParams = z.object(cardFilterShape(zBody)).strict();
export type TCardFilterInput = z.infer<typeof ZCardFilterParams>;

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
