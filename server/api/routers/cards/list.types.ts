import { z } from "zod";
import { unknownFields, SELECTABLE_FIELDS } from "../../../domain/cards/fields";
import { parseSort } from "../../../domain/cards/sort";
import { ZPagination } from "../../envelope";
import { zBool, zChoice, zDate, zFloat, zInt, zIntList, zLimit, zList, zOffset, zText } from "../../params";
import { ZCardListItem } from "./card.types";

/**
 * Parameters of GET /v1/cards/ (query string: lists as comma strings) and POST /v1/cards/ (JSON
 * body: lists as arrays or comma strings). The filter part is also what a saved filter holds.
 */

const MAX_INT = 2_147_483_647;

const zSort = () =>
  zText(300).superRefine((v, ctx) => {
    if (v === undefined) return;
    const sort = parseSort(v);
    if ("error" in sort) ctx.addIssue({ code: "custom", message: sort.error });
  });

const zFields = () =>
  zList({ maxItems: 50, maxLength: 100 }).superRefine((v, ctx) => {
    const bad = v ? unknownFields(v) : [];
    if (bad.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `unknown field(s): ${bad.map((b) => b.slice(0, 40)).join(", ")}; fields are ${SELECTABLE_FIELDS.join(", ")}`,
      });
    }
  });

const zSlugs = () => zList({ maxItems: 200, maxLength: 200 });

export const cardFilterShape = {
  sort: zSort(),
  view: zChoice(["default", "compact"]),
  fields: zFields(),
  stages: zSlugs(),
  rounds: zSlugs(),
  categories: zSlugs(),
  locations: zSlugs(),
  participants: zSlugs(),
  source_types: zSlugs(),
  display_preference: zChoice(["web3", "web2", "all"]),
  folder_ids: zIntList({ maxItems: 200 }),
  search: zText(500),
  semantic: zBool(),
  min_similarity: zFloat(0, 1),
  featured: zBool(),
  new: zBool(),
  trending: zBool(),
  min_signals: zInt({ min: 0, max: MAX_INT }),
  max_signals: zInt({ min: 0, max: MAX_INT }),
  created_after: zDate(),
  created_before: zDate(),
  updated_after: zDate(),
  updated_before: zDate(),
  last_interaction_after: zDate(),
  last_interaction_before: zDate(),
  first_interaction_after: zDate(),
  first_interaction_before: zDate(),
};

/** What a saved filter holds (validated on save and again when applied through filter_id). */
export const ZCardFilterParams = z.object(cardFilterShape).strict();
export type TCardFilterInput = z.infer<typeof ZCardFilterParams>;

export const ZCardListRequest = z
  .object({
    limit: zLimit(100, 20),
    offset: zOffset(),
    include_total: zBool(),
    include_user_data: zBool(),
    filter_id: zInt({ min: 1, max: MAX_INT }),
    ...cardFilterShape,
  })
  .strict();
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
