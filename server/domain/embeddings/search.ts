import type { Prisma } from "~/server/db/generated/prisma/client";
import type { TDb } from "~/server/db/client";
import { AppError } from "~/server/lib/errors";
import { logger } from "~/server/lib/logger";
import { Lru, lruPerOwner } from "~/server/lib/lru";
import { queryText, type TEmbeddingKind } from "./kinds";
import { EmbeddingProviderError, modelKey, type TEmbeddingProvider } from "./provider";
import { embeddingProvider } from "./providers";
import { hasVectors, type TModelRef } from "./store";
import { searchByVector, type TRanked, type TVectorSearch } from "./vector-search";

/**
 * Semantic search for the list endpoints (spec Cards rules 4-5, Participants; docs/api.md):
 * `semanticPage` embeds the query with the configured provider and ranks the rows that pass the
 * other filters by cosine similarity (vector-search.ts). It raises `503 semantic_unavailable` when
 * the provider is off or fails, or when no row has a vector of the current model yet.
 */

export interface TSemanticPageInput {
  kind: TEmbeddingKind;
  /** The `search` text. */
  query: string;
  /** The other filters: a boolean SQL expression over the alias `c` (cards) or `p` (participants). */
  where?: Prisma.Sql;
  /** The ids matching `where`, when they are cheaper to enumerate than through it (see TVectorSearch). */
  ids?: TVectorSearch["ids"];
  /** The filtered rows' binary codes, when the filter's index holds them (see TVectorSearch). */
  codes?: TVectorSearch["codes"];
  /** No other filter (where is TRUE or absent): lets the index answer alone. */
  unfiltered?: boolean;
  /** The filters can match nothing (an unknown slug, ...): the page is empty. */
  empty?: boolean;
  minSimilarity: number;
  limit: number;
  offset: number;
  includeTotal: boolean;
  /** Optional: the page's rows read by the ranking statement (TVectorSearch.pageRow). */
  pageRow?: TVectorSearch["pageRow"];
}

export interface TSemanticPage {
  /** The page, best first, each with its similarity (0..1): at most `limit` rows, `limit + 1` without a total. */
  rows: TRanked[];
  /** Length of the whole result list (at most SEMANTIC_MAX_RESULTS), or null without include_total. */
  total: number | null;
}

const unavailable = (message: string) => new AppError("semantic_unavailable", message);

function currentProvider(): TEmbeddingProvider {
  let provider: TEmbeddingProvider | null;
  try {
    provider = embeddingProvider();
  } catch (error) {
    logger.error("embedding provider misconfigured", { error });
    throw unavailable("Semantic search is unavailable: the embedding provider is misconfigured.");
  }
  if (!provider) throw unavailable("Semantic search is unavailable: embeddings are turned off on this server.");
  return provider;
}

/** "Some row has a vector of this model" is remembered for a minute (it only stops being true on a model change). */
const availabilityOf = lruPerOwner<true>(100, 60_000);

async function requireVectors(db: TDb, kind: TEmbeddingKind, ref: TModelRef): Promise<void> {
  const availability = availabilityOf(db);
  const key = `${kind}\0${ref.model}\0${ref.dimensions}`;
  if (availability.get(key)) return;
  if (!(await hasVectors(db, kind, ref))) {
    throw unavailable(`Semantic search is unavailable: no ${kind} has an embedding of the current model yet (they are being computed).`);
  }
  availability.set(key, true);
}

/** Recent query vectors: paging through results does not embed the same text again. */
const queryCache = new Lru<number[]>(500);

async function embedQuery(provider: TEmbeddingProvider, query: string): Promise<number[]> {
  const text = queryText(query);
  const key = `${modelKey(provider)}\0${text}`;
  const hit = queryCache.get(key);
  if (hit) return hit;
  let vector: number[] | undefined;
  try {
    vector = (await provider.embed([text], { priority: "query" }))[0];
  } catch (error) {
    if (!(error instanceof EmbeddingProviderError)) logger.error("embedding the search query failed", { error });
    else logger.warn("embedding provider failed", { provider: provider.id, reason: error.message });
    throw unavailable("Semantic search is unavailable: the embedding provider failed; try again later.");
  }
  if (!vector) throw unavailable("Semantic search is unavailable: the embedding provider returned no vector.");
  queryCache.set(key, vector);
  return vector;
}

/** One page of semantic results: ids with similarity, best first, and the total. */
export async function semanticPage(db: TDb, input: TSemanticPageInput): Promise<TSemanticPage> {
  const provider = currentProvider();
  const ref: TModelRef = { model: modelKey(provider), dimensions: provider.dimensions };
  await requireVectors(db, input.kind, ref);
  if (input.empty) return { rows: [], total: input.includeTotal ? 0 : null };
  const vector = await embedQuery(provider, input.query);
  const { rows, total } = await searchByVector(db, {
    kind: input.kind,
    ref,
    vector,
    where: input.where,
    ids: input.ids,
    codes: input.codes,
    unfiltered: input.unfiltered ?? !input.where,
    minSimilarity: input.minSimilarity,
    limit: input.limit,
    offset: input.offset,
    includeTotal: input.includeTotal,
    pageRow: input.pageRow,
  });
  return { rows, total };
}
