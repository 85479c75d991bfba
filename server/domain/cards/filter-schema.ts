import { z } from "zod";
import { zBody, type TParamHelpers } from "~/server/lib/params";
import { SELECTABLE_FIELDS, unknownFields } from "./fields";
import type { TCardFilterKey } from "./filter-keys";
import { MAX_WINDOW_DAYS } from "./date-windows";
import { parseSort } from "./sort-param";

/**
 * The card filter: the parameters that select, order and shape a card list, and what a saved
 * filter holds. This is their one definition: the card list's request schemas (GET and POST
 * /v1/cards/, server/api/routers/cards/list.types.ts) add paging to it, saved filters are checked
 * with it (on save, through filter_id, and by the webhook check), and the key list and the
 * validated type below are read from it. The workspace, which runs no zod in the browser (zod
 * probes `new Function`, which the pages' Content-Security-Policy refuses), reads the key list from
 * filter-keys.ts, which the shape must match key for key (checked when compiling).
 */

const MAX_INT = 2_147_483_647;

/** The card filter's parameters, built with the query-string or the JSON-body helpers (server/lib/params.ts). */
export function cardFilterShape(p: TParamHelpers) {
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
    // Rolling windows (date-windows.ts): stored as windows in a saved filter, resolved at each request.
    created_within_days: p.int({ min: 1, max: MAX_WINDOW_DAYS }),
    updated_within_days: p.int({ min: 1, max: MAX_WINDOW_DAYS }),
    last_interaction_within_days: p.int({ min: 1, max: MAX_WINDOW_DAYS }),
    first_interaction_within_days: p.int({ min: 1, max: MAX_WINDOW_DAYS }),
  } satisfies Record<TCardFilterKey, z.ZodType>;
}

/** What a saved filter holds, in JSON form (validated on save and again when applied through filter_id). */
export const ZCardFilterParams = z.object(cardFilterShape(zBody)).strict();

/** Validated filter parameters (dates as Date, lists as arrays). Names are the spec's parameter names. */
export type TCardFilterParams = z.output<typeof ZCardFilterParams>;
