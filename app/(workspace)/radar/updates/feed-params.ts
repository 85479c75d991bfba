import type { TUrlParams } from "~/app/_ui/use-url-params";

/** The /radar/updates URL parameters: those of GET /v1/radar/updates/. */
const FEED_LIMIT = 20;
export const FEED_KEYS = ["source", "connection_id", "change_types", "detected_after", "detected_before", "limit", "offset"] as const;

/** The feed procedure's input: the URL's parameters in query-string form (parsed like the REST query). */
export function feedInput(params: TUrlParams): Record<string, string> {
  const input: Record<string, string> = { limit: String(FEED_LIMIT), include_total: "true" };
  for (const key of FEED_KEYS) if (params[key]) input[key] = params[key];
  // A connection is named with its network.
  if (input.connection_id && !input.source) delete input.connection_id;
  return input;
}

/** A page's searchParams as the URL parameters the client reads (the first of repeated keys). */
export function pageParams(search: Record<string, string | string[] | undefined>): TUrlParams {
  const out: TUrlParams = {};
  for (const [k, v] of Object.entries(search)) {
    const value = Array.isArray(v) ? v[0] : v;
    if (value) out[k] = value;
  }
  return out;
}
