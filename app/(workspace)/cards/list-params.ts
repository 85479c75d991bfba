/**
 * The /cards URL parameters: the REST card list's parameter names (GET /v1/cards/), so a
 * workspace link and an API call read the same. Only these keys are passed on to the list.
 */
export const CARD_LIST_KEYS = [
  "limit",
  "offset",
  "sort",
  "filter_id",
  "stages",
  "rounds",
  "categories",
  "locations",
  "participants",
  "source_types",
  "display_preference",
  "folder_ids",
  "search",
  "semantic",
  "min_similarity",
  "featured",
  "new",
  "trending",
  "min_signals",
  "max_signals",
  "created_after",
  "created_before",
  "updated_after",
  "updated_before",
  "last_interaction_after",
  "last_interaction_before",
  "first_interaction_after",
  "first_interaction_before",
] as const;

export const DEFAULT_LIMIT = 20;

/** The list procedure's input for the URL's parameters (query-string form: the procedure parses it like GET /v1/cards/). */
export function cardListInput(params: Record<string, string>, fixed: Record<string, string> = {}): Record<string, string> {
  const input: Record<string, string> = { include_user_data: "true", include_total: "true" };
  for (const key of CARD_LIST_KEYS) if (params[key]) input[key] = params[key];
  return { ...input, ...fixed };
}

/** The parameters of a saved filter (JSON form: lists as arrays) as /cards URL parameters. */
export function storedToQuery(stored: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(stored)) {
    if (v === undefined || v === null) continue;
    out[k] = Array.isArray(v) ? v.join(",") : String(v);
  }
  return out;
}

/** Remembers the last /cards view so a card page returns to it (Esc, the back link). */
export const LAST_LIST_KEY = "vm:cards:last-list";
