import { CARD_LIST_KEYS } from "./list-params";

/**
 * /cards with a saved filter selected (`filter_id` in the URL): the list applies the saved
 * parameters under the URL's own, as GET /v1/cards/?filter_id= does (server/domain/saved-filters/
 * merge.ts). These helpers give the filter bar the same view of it.
 */

/** The date fields whose lower bound is one thing in two forms (a date or a rolling window). */
const LOWER_BOUNDS = [
  ["created_after", "created_within_days"],
  ["updated_after", "updated_within_days"],
  ["last_interaction_after", "last_interaction_within_days"],
  ["first_interaction_after", "first_interaction_within_days"],
] as const;

/** Parameters of the URL that are the view's, not the filter's. */
export const VIEW_KEYS = new Set(["limit", "offset", "sort", "filter_id", "only_new"]);

const FILTER_KEYS: readonly string[] = CARD_LIST_KEYS.filter((k) => !VIEW_KEYS.has(k));

/** The filter in effect: the saved parameters under the explicit ones (a lower bound given explicitly replaces the saved one in either form). */
export function effectiveParams(explicit: Record<string, string>, saved: Record<string, string> | undefined): Record<string, string> {
  if (!saved) return explicit;
  const under: Record<string, string> = {};
  for (const k of FILTER_KEYS) if (saved[k] !== undefined) under[k] = saved[k];
  for (const pair of LOWER_BOUNDS) {
    if (pair.some((k) => explicit[k] !== undefined)) for (const k of pair) delete under[k];
  }
  return { ...under, ...explicit };
}

/**
 * The URL patch for a filter change. A change that only adds or replaces values keeps the saved
 * filter selected (explicit values win over it). A change that removes a value the saved filter
 * holds cannot be said on top of it: the view then leaves the saved filter, keeping every other
 * value it had as explicit parameters.
 */
export function filterPatch(
  explicit: Record<string, string>,
  saved: Record<string, string> | undefined,
  patch: Record<string, string | undefined>,
): Record<string, string | undefined> {
  if (!saved || explicit.filter_id === undefined) return patch;
  const held = effectiveParams({}, saved);
  const removesSaved = Object.entries(patch).some(([k, v]) => (v === undefined || v === "") && held[k] !== undefined);
  if (!removesSaved) return patch;
  const effective = effectiveParams(explicit, saved);
  const out: Record<string, string | undefined> = { filter_id: undefined, only_new: undefined };
  for (const k of FILTER_KEYS) if (effective[k] !== undefined && explicit[k] === undefined) out[k] = effective[k];
  return { ...out, ...patch };
}

/**
 * The URL patch that selects saved filter `id` in place of the view's own values: what a Save
 * filter leads to, so that the view then shows the new filter (its chip, its new cards), never
 * the one it was made from. The sort and page size stay.
 */
export function selectSavedFilter(explicit: Record<string, string>, id: number): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = { filter_id: String(id), only_new: undefined, offset: undefined };
  for (const k of FILTER_KEYS) if (explicit[k] !== undefined) out[k] = undefined;
  return out;
}

/** The number of active filters (what the chips show; the phone's Filters button counts them). */
export function activeFilterCount(effective: Record<string, string>): number {
  return FILTER_KEYS.filter((k) => effective[k] !== undefined && !["semantic", "min_similarity"].includes(k)).length;
}
