import type { Prisma } from "~/server/db/generated/prisma/client";
import type { TEmbeddingKind } from "./kinds";
import type { TModelRef } from "./store";

/** A semantic search over stored vectors and its result (vector-search.ts). */

export interface TVectorSearch {
  kind: TEmbeddingKind;
  ref: TModelRef;
  vector: number[];
  /** The other filters: a boolean SQL expression over the kind's alias (c for cards, p for participants). */
  where?: Prisma.Sql;
  /**
   * Optional: SELECTs of the ids (column `id`, each once) of exactly the rows matching `where`,
   * cheaper to enumerate than `where` itself (covering indexes): `all` for reading every one (the
   * exact path), `first` for reading a few (the sample). The index path checks candidates
   * against `where`.
   */
  ids?: { all: Prisma.Sql; first: Prisma.Sql };
  /**
   * Optional: a SELECT of (id, code) over the rows matching `where` that have a stored vector,
   * `code` being that vector's binary code (pgvector's binary_quantize, as varbit), whatever its
   * model; an id may come on several rows. Lets large filters take the coded path.
   */
  codes?: Prisma.Sql;
  /** No filter at all (where is TRUE or absent). */
  unfiltered?: boolean;
  minSimilarity: number;
  limit: number;
  offset: number;
  includeTotal: boolean;
  /** Forces a path (benchmarks, tests; "coded" needs `codes`); default auto. */
  strategy?: "auto" | TSearchPath;
  /**
   * Optional: a text expression, for the item whose id is `id`, that the page's items carry as
   * `row` (the caller's row as JSON): the statement that ranks the list then also reads the page's
   * rows, one statement and round trip instead of two.
   */
  pageRow?: (id: Prisma.Sql) => Prisma.Sql;
}

export interface TRanked {
  id: number;
  similarity: number;
  /** The item's `pageRow` value, when the search was given one. */
  row?: string;
}

export type TSearchPath = "index" | "exact" | "coded";

export interface TVectorSearchResult {
  /** The page, best first: `limit` rows at most, `limit + 1` without a total (tells has_next). */
  rows: TRanked[];
  total: number | null;
  path: TSearchPath;
}

/** A ranked candidate: its id, its cosine distance, and its page row when asked for. */
export interface TCandidate {
  id: number;
  dist: number;
  row?: string | null;
}
