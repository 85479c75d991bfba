import type { inferRouterOutputs } from "@trpc/server";
import type { TAppRouter } from "~/server/api/root";

/** One row of the participants list, as the list procedure returns it. */
export type TParticipantRow = inferRouterOutputs<TAppRouter>["participants"]["list"]["data"][number];

export const PARTICIPANT_DEFAULT_LIMIT = 50;

/**
 * The workspace lists participants by activity unless the URL says otherwise (same-name
 * participants then come with the busiest first); a semantic search keeps its ranking.
 */
const PARTICIPANT_DEFAULT_SORT = "most_active";

/** The list's preset sorts (meta.sort) spelled out, so the table marks the sorted column. */
export const PARTICIPANT_SORT_PRESETS = { name: "name:asc", most_active: "monthly_signals:desc,name:asc" };

/**
 * The participants list's input for the URL's parameters (GET /v1/participants/'s names, values
 * parsed from their query-string form). `saved_only` selects the saved list procedure.
 */
export function participantListInput(params: Record<string, string>) {
  const num = (v: string | undefined) => (v && Number.isFinite(Number(v)) ? Number(v) : undefined);
  const on = (v: string | undefined) => (v === "true" ? true : undefined);
  const search = params.search?.trim() || undefined;
  return {
    limit: num(params.limit) ?? PARTICIPANT_DEFAULT_LIMIT,
    offset: num(params.offset) ?? 0,
    include_total: true,
    ...(search ? { search } : {}),
    ...(search && on(params.semantic) ? { semantic: true } : {}),
    ...(search && on(params.semantic) && num(params.min_similarity) !== undefined ? { min_similarity: num(params.min_similarity) } : {}),
    ...(params.sort ? { sort: params.sort } : search && on(params.semantic) ? {} : { sort: PARTICIPANT_DEFAULT_SORT }),
    ...(params.type ? { type: params.type } : {}),
    ...(on(params.web3) ? { web3: true } : {}),
    ...(on(params.web2) ? { web2: true } : {}),
  };
}
