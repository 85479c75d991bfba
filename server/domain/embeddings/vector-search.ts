import { Prisma } from "~/server/db/generated/prisma/client";
import type { TDb } from "~/server/db/client";
import { readRows } from "~/server/db/read";
import { sqlKey } from "~/server/db/sql-key";
import { lruPerOwner } from "~/server/lib/lru";
import { KINDS, type TEmbeddingKind } from "./kinds";
import { codedCandidates, exactCandidates, indexCandidates, listIsFull, pageSpan } from "./vector-candidates";
import type { TCandidate, TRanked, TSearchPath, TVectorSearch, TVectorSearchResult } from "./vector-search.types";
import { startingPath } from "./vector-path";

export type { TRanked, TSearchPath, TVectorSearch, TVectorSearchResult } from "./vector-search.types";

/**
 * Ranking stored vectors against a query vector, the other filters applied first.
 *
 * The result list of a semantic search is: the rows matching the filters that have a vector of
 * the model, with similarity (1 - cosine distance, clamped to 0..1) at least `minSimilarity`, best
 * first (ties by id), cut at SEMANTIC_MAX_RESULTS[kind] (the endpoint's largest page). Pages are
 * slices of that list and the total is its length, so a client paging with limit/offset sees
 * exactly `total` items, and any client can fetch all of them in one request.
 *
 * Three ways to find it (their statements: vector-candidates.ts):
 * - index: the HNSW index with iterative scans, candidates in distance order, each checked against
 *   the filters as it comes (a correlated EXISTS, so the scan stops as soon as enough rows pass).
 *   `strict_order` makes the scan's output a sequence that only grows with the LIMIT, so the page
 *   at offset 40 extends the pages before it whatever the limit (relaxed_order re-sorts a different
 *   candidate set for each LIMIT; recall is the same: docs/benchmarks.md), once equal distances
 *   are put in id order (indexRanking);
 * - exact: the filtered rows first, every distance computed. Used when the planner estimates that
 *   the filters (or the whole table) leave at most EXACT_ALWAYS rows (vector-path.ts), for sizes
 *   without an index, and whenever an index scan spends its budget (hnsw.max_scan_tuples) on
 *   rejected candidates before finding enough (a filter that excludes the query's neighbourhood):
 *   results are never silently missing;
 * - coded: for filters that come with their rows' binary codes (`codes`: one bit per dimension,
 *   kept in the filter's own covering index) and leave more than EXACT_ALWAYS rows and at most
 *   CODED_MAX: every filtered row ranked by Hamming distance between codes, the best few hundred
 *   re-ranked by their full vectors. Reading every filtered row's vector costs one descent of the
 *   vectors' key per row (bench/results/semantic.md); the codes come from one index-only scan.
 *   The index walk is not tried first: a filter of a few percent of the rows that lies outside
 *   the query's neighbourhood spends the walk's whole budget for nothing (docs/benchmarks.md).
 */

/** The longest result list (the total never exceeds it): the endpoint's maximum page size. */
export const SEMANTIC_MAX_RESULTS: Record<TEmbeddingKind, number> = { card: 100, participant: 200 };
const similarityOf = (dist: number) => (Number.isFinite(dist) ? Math.min(1, Math.max(0, 1 - dist)) : 0);
/** Whether a candidate at this distance is in the result list (its similarity reaches the threshold). */
const withinThreshold = (s: TVectorSearch, dist: number) => similarityOf(dist) >= s.minSimilarity - 1e-12;

/**
 * Recent estimates by filter: an estimate only changes when the table's statistics do, and a
 * client paging through results (or many clients using the same filter) sends the same filter
 * again. Kept per database client, keyed by the statement and its values, forgotten after a minute.
 */
const estimatesOf = lruPerOwner<number>(1_000, 60_000);

/** The planner's estimate of the rows matching the filters (planning only, nothing is read). */
async function estimatedFilteredRows(db: TDb, kind: TEmbeddingKind, where: Prisma.Sql): Promise<number> {
  const k = KINDS[kind];
  const statement = Prisma.sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${k.table} ${k.alias} WHERE ${where}`;
  const estimates = estimatesOf(db);
  const key = sqlKey(statement);
  const known = estimates.get(key);
  if (known !== undefined) return known;
  const rows = await readRows<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>(db, statement);
  const plan = rows[0]?.["QUERY PLAN"];
  const parsed = typeof plan === "string" ? (JSON.parse(plan) as typeof plan) : plan;
  const estimate = parsed?.[0]?.Plan?.["Plan Rows"] ?? Number.POSITIVE_INFINITY;
  estimates.set(key, estimate);
  return estimate;
}

const byDistanceThenId = (a: TCandidate, b: TCandidate) => a.dist - b.dist || a.id - b.id;

/**
 * The index path's first `wanted` candidates in the list's order (distance, then id); fewer when
 * the scan ends first. The scan emits candidates in distance order (strict_order), but equal
 * distances (identical vectors) in whatever order the graph walk met them, which changes with the
 * scan's length: so it reads one candidate more than needed, and further while a run of equal
 * distances crosses the cut. Every page then cuts the same sequence. A run past the similarity
 * threshold does not matter (the list ends before it): without that check, a query unlike most
 * rows (thousands at similarity 0, common with sparse vectors) read them all, doubling each time.
 */
async function indexRanking(db: TDb, s: TVectorSearch, wanted: number): Promise<TCandidate[]> {
  for (let read = wanted + 1; ; read *= 2) {
    const found = (await indexCandidates(db, s, read)).sort(byDistanceThenId);
    const cut = found[wanted - 1]?.dist;
    if (found.length < read || cut !== found[wanted]!.dist || !withinThreshold(s, cut!)) return found.slice(0, wanted);
  }
}

/** The first `wanted` entries of the result list, and the path that found them. */
async function rankedList(
  db: TDb,
  s: TVectorSearch,
  wanted: number,
  start: TSearchPath,
): Promise<{ list: (TRanked & { dist: number })[]; path: TSearchPath }> {
  let path = start;
  let candidates: TCandidate[] = [];
  if (path === "index") candidates = await indexRanking(db, s, wanted);
  else if (path === "coded") candidates = await codedCandidates(db, s, wanted);
  // Fewer than wanted: the filter has fewer rows than that, or the walk spent its budget, or the
  // shortlist held rows without a vector of the model. The exact path then settles it.
  if (path === "exact" || (candidates.length < wanted && s.strategy !== path)) {
    path = "exact";
    candidates = await exactCandidates(db, s, wanted);
  }
  const list = candidates
    .filter((c) => withinThreshold(s, c.dist))
    .map((c) => ({ id: Number(c.id), dist: c.dist, similarity: similarityOf(c.dist), row: c.row ?? undefined }));
  return { list, path };
}

/**
 * One page of the semantic result list (see the top of this file). With a total, the list's
 * length is needed as well as the page:
 * - without filters, or on the exact path, the whole list is ranked at once (without filters its
 *   100 entries cost about what 20 do: the graph walk's first round already holds them);
 * - with filters on the index path, only the entries up to the page's end are ranked while, at
 *   the same time, a sample checks whether twice the maximum of filtered rows lie within the
 *   threshold (listIsFull; the margin covers the index's approximation near the list's end):
 *   then the total is the maximum. Ranking more entries with a filter walks further through the
 *   graph, so ranking only up to the page's end plus the sample costs less than ranking the whole
 *   list (docs/benchmarks.md).
 * - otherwise (the sample falls short) the whole list is ranked after the page.
 * When the ranked entries end before `wanted`, the list ends there.
 */
export async function searchByVector(db: TDb, s: TVectorSearch): Promise<TVectorSearchResult> {
  const max = SEMANTIC_MAX_RESULTS[s.kind];
  const page = pageSpan(s);
  const pageEnd = Math.min(max, page.to);
  if (pageEnd <= s.offset && !s.includeTotal) return { rows: [], total: null, path: "exact" };
  const where = s.unfiltered || !s.where ? undefined : s.where;
  const auto = !s.strategy || s.strategy === "auto";
  const start = startingPath(s, auto ? await estimatedFilteredRows(db, s.kind, where ?? Prisma.sql`TRUE`) : null);
  const sample = s.includeTotal && where !== undefined && start === "index" && pageEnd < max;
  const wanted = s.includeTotal && !sample ? max : pageEnd;

  const [ranked, full] = await Promise.all([rankedList(db, s, wanted, start), where && sample ? listIsFull(db, s, where, 2 * max) : false]);
  let { list, path } = ranked;
  let total: number | null = null;
  if (s.includeTotal) {
    if (list.length < wanted || wanted === max) total = list.length;
    else if (full) total = max;
    else {
      ({ list, path } = await rankedList(db, s, max, start));
      total = list.length;
    }
  }
  return {
    rows: list.slice(page.from, page.to).map(({ id, similarity, row }) => ({ id, similarity, row })),
    total,
    path,
  };
}
