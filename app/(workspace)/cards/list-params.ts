import { SAVED_FILTER_KEYS } from "~/server/domain/cards/filter-keys";

/**
 * The /cards URL parameters: the REST card list's parameter names (GET /v1/cards/), so a
 * workspace link and an API call read the same. Only these keys are passed on to the list.
 */
export const CARD_LIST_KEYS = [
  "limit",
  "offset",
  "filter_id",
  // What a saved filter holds, but the field selection (the table chooses its own columns).
  ...SAVED_FILTER_KEYS.filter(
    (key): key is Exclude<(typeof SAVED_FILTER_KEYS)[number], "view" | "fields"> => key !== "view" && key !== "fields",
  ),
] as const;

export const DEFAULT_LIMIT = 20;

/** The list procedure's input for the URL's parameters (query-string form: the procedure parses it like GET /v1/cards/). */
export function cardListInput(params: Record<string, string>, fixed: Record<string, string> = {}): Record<string, string> {
  const input: Record<string, string> = { include_user_data: "true", include_total: "true" };
  for (const key of CARD_LIST_KEYS) if (params[key]) input[key] = params[key];
  return { ...input, ...fixed };
}

/**
 * The input of a saved filter's new cards (GET /v1/cards/filters/{id}/new/) for the URL's
 * parameters: the card list's, with `filter_id` as the path's id.
 */
export function newCardsInput(params: Record<string, string>): Record<string, string> & { id: string } {
  const { filter_id: id = "", ...rest } = cardListInput(params);
  return { id, ...rest };
}

/** Whether the view lists only a saved filter's new cards (`only_new`, which needs `filter_id`). */
export const onlyNewView = (params: Record<string, string>): boolean => params.filter_id !== undefined && params.only_new === "true";

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
