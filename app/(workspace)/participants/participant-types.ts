import type { inferRouterOutputs } from "@trpc/server";
import type { TAppRouter } from "../../../server/api/root";

/** One row of the participants list, as the list procedure returns it. */
export type TParticipantRow = inferRouterOutputs<TAppRouter>["participants"]["list"]["data"][number];

export const PARTICIPANT_DEFAULT_LIMIT = 50;

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
    ...(params.sort ? { sort: params.sort } : {}),
    ...(params.type ? { type: params.type } : {}),
    ...(on(params.web3) ? { web3: true } : {}),
    ...(on(params.web2) ? { web2: true } : {}),
  };
}
