import type { TDb } from "../../db/client";
import { AppError } from "../../lib/errors";
import type { TParticipantList, TParticipantListQuery } from "./types";

/**
 * Semantic ranking of the participants list (spec: semantic rules as for cards; DESIGN.md §5).
 * The boundary for the semantic-search work: given a validated query with `semantic` on and a
 * `search`, return the page with items carrying `similarity`, filtered first by
 * `participantFilterConditions` (filters.ts), rows under `query.minSimilarity` dropped, and
 * `meta.semantic = {enabled: true, min_similarity, ranking: "cosine"}`.
 * Until embeddings are wired in, the answer is the spec's 503 semantic_unavailable.
 */
export async function semanticParticipants(_db: TDb, _accountId: number, _query: TParticipantListQuery): Promise<TParticipantList> {
  throw new AppError("semantic_unavailable", "Semantic search is unavailable: participant embeddings are not available.");
}
