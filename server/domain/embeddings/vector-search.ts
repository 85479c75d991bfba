import { Prisma } from "~/server/db/generated/prisma/client";
import type { TDb } from "~/server/db/client";
import { readRows, type TPlan } from "~/server/db/read";
import { env } from "~/server/env";
import { sqlKey } from "~/server/db/sql-key";
import { lruPerOwner } from "~/server/lib/lru";
import { KINDS, type TEmbeddingKind } from "./kinds";
import type { TModelRef } from "./store";
import { dimsSql, isIndexed, vectorLiteral, vectorWithScanSettings } from "./vector-sql";

/**
 * Ranking stored vectors against a query vector, the other filters applied first.
 *
 * The result list of a semantic search is: the rows matching the filters that have a vector of
 * the model, with similarity (1 - cosine distance, clamped to 0..1) at least `minSimilarity`, best
 * first (ties by id), cut at SEMANTIC_MAX_RESULTS[kind] (the endpoint's largest page). Pages are
 * slices of that list and the total is its length, so a client paging with limit/offset sees
 * exactly `total` items, and any client can fetch all of them in one request.
 *
 * Two ways to find it:
 * - index: the HNSW index with iterative scans, candidates in distance order, each checked against
 *   the filters as it comes (a correlated EXISTS, so the scan stops as soon as enough rows pass).
 *   `strict_order` makes the scan's output a sequence that only grows with the LIMIT, so the page
 *   at offset 40 extends the pages before it whatever the limit (relaxed_order re-sorts a different
 *   candidate set for each LIMIT; recall is the same: docs/benchmarks.md), once equal distances
 *   are put in id order (indexRanking);
 * - exact: the filtered rows first, every distance computed. Used when the planner estimates that
 *   the filters (or the whole table) leave at most EXACT_ALWAYS rows, for sizes without an index,
 *   and whenever an index scan spends its budget (hnsw.max_scan_tuples) on rejected candidates
 *   before finding enough (a filter that excludes the query's neighbourhood): results are never
 *   silently missing;
 * - coded: for filters that come with their rows' binary codes (`codes`: one bit per dimension,
 *   kept in the filter's own covering index) and leave more than EXACT_ALWAYS rows and at most
 *   CODED_MAX: every filtered row ranked by Hamming distance between codes, the best few hundred
 *   re-ranked by their full vectors. Reading every filtered row's vector costs one descent of the
 *   vectors' key per row (about 50 ms for 10,000 rows at a million); the codes come from one
 *   index-only scan. The index walk is not tried first: a filter of a few percent of the rows
 *   that lies outside the query's neighbourhood spends the walk's whole budget for nothing
 *   (docs/benchmarks.md).
 */

/** The longest result list (the total never exceeds it): the endpoint's maximum page size. */
export const SEMANTIC_MAX_RESULTS: Record<TEmbeddingKind, number> = { card: 100, participant: 200 };
/**
 * hnsw.ef_search: candidates kept per step of the graph walk (recall against speed), with or
 * without filters: SEMANTIC_EF_SEARCH (default 150), chosen with bench:semantic's BENCH_EF_SWEEP
 * on a million clustered vectors (figures in docs/benchmarks.md). With filters, lower values lose
 * recall (the scan goes past the walk's first round, where candidates are found less well).
 * Without filters, a walk at 100 can end in a neighbouring cluster and return none of the query's
 * true neighbours. 150 keeps recall high in both cases and is faster than 200.
 */
function efSearch(): number {
  return env().SEMANTIC_EF_SEARCH;
}
/**
 * Estimated filtered rows up to which exact search is chosen: about 2,300 real rows (the planner
 * estimates a stage and a sector at twice their count), ranked in 3.5-4.5 ms where a filtered
 * walk of the index takes 5-14 ms (bench:semantic, docs/benchmarks.md).
 */
const EXACT_ALWAYS = 5_000;

/**
 * Estimated filtered rows up to which a filter that has codes is ranked on the coded path: the
 * Hamming pass reads each filtered row's code (about 0.3-0.4 us an index entry), so beyond a few
 * tens of thousands of rows the index walk, which such a broad filter rarely starves, is cheaper.
 */
const CODED_MAX = 60_000;
/**
 * Rows the Hamming pass hands to the re-ranking. Rows, not ids: an id comes once per row it has in
 * the filter (a card once per category of the filter it is in, 2.2-2.4 times for a sector and its
 * subsectors at a million cards), so 800 rows are 350-800 cards: recall@20 0.98-0.99 for a filter
 * near the query and away from it (docs/benchmarks.md); eight times the rows wanted when more are
 * asked for (a page with its total ranks the whole list of 100). Deduplicating before the cut
 * (a GROUP BY over every filtered row) cost more than re-ranking the duplicates' ids once each.
 */
function shortlistRows(wanted: number): number {
  return Math.min(4_000, Math.max(800, wanted * 8));
}

/** The index scan's budget: enough for filters that keep about 2.5% of the query's neighbours. */
function scanBudget(wanted: number, unfiltered: boolean): number {
  return unfiltered ? 20_000 : Math.min(20_000, Math.max(2_000, wanted * 40));
}

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

interface TCandidate {
  id: number;
  dist: number;
  row?: string | null;
}

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

/** The positions (0-based, in list order) of the page a search returns: `limit` from `offset`, one more without a total. */
function pageSpan(s: TVectorSearch): { from: number; to: number } {
  return { from: s.offset, to: s.offset + (s.includeTotal ? s.limit : s.limit + 1) };
}

/**
 * Runs a candidates statement (columns id, dist), with, when the search has `pageRow`, each
 * candidate of the page's positions carrying its row. Positions count candidates in the list's
 * order (distance, then id); the candidates under the similarity threshold come last, so the
 * list's positions are the same.
 */
function queryCandidates(db: TDb, s: TVectorSearch, candidates: Prisma.Sql, plan: TPlan = "custom"): Promise<TCandidate[]> {
  if (!s.pageRow) return readRows<TCandidate>(db, candidates, { plan });
  const { from, to } = pageSpan(s);
  return readRows<TCandidate>(
    db,
    Prisma.sql`
    SELECT r.id, r.dist, CASE WHEN r.pos > ${from} AND r.pos <= ${to} THEN ${s.pageRow(Prisma.sql`r.id`)} END AS row
      FROM (SELECT c.id, c.dist, row_number() OVER (ORDER BY c.dist, c.id) AS pos FROM (${candidates}) c) r
     ORDER BY r.pos`,
    { plan },
  );
}

/** A SELECT of the ids of the rows passing the filters: `s.ids` when given, else through `where`. */
function filteredIds(s: TVectorSearch, where: Prisma.Sql, read: "all" | "first"): Prisma.Sql {
  const k = KINDS[s.kind];
  return s.ids?.[read] ?? Prisma.sql`SELECT ${k.alias}.id FROM ${k.table} ${k.alias} WHERE ${where}`;
}

async function indexCandidates(db: TDb, s: TVectorSearch, wanted: number): Promise<TCandidate[]> {
  const k = KINDS[s.kind];
  const n = dimsSql(s.ref.dimensions);
  const q = vectorLiteral(s.vector);
  const unfiltered = s.unfiltered || !s.where;
  // A SubPlan per candidate (OFFSET 0 keeps EXISTS from becoming a join or a hashed set of every
  // filtered row): the index scan drives, and the LIMIT stops it as soon as enough candidates pass.
  const ok = unfiltered
    ? Prisma.sql`TRUE`
    : Prisma.sql`EXISTS (SELECT 1 FROM ${k.table} ${k.alias} WHERE ${k.alias}.id = e.${k.key} AND (${s.where}) OFFSET 0)`;
  const settings = {
    "hnsw.iterative_scan": "strict_order",
    // At least the rows asked for: one round of the walk then holds them all (reading the one
    // row past a cut of 100, indexRanking, would otherwise start a second round).
    "hnsw.ef_search": String(Math.min(1000, Math.max(efSearch(), wanted))),
    "hnsw.max_scan_tuples": String(scanBudget(wanted, unfiltered)),
  };
  // The distance is the ordering expression itself (`ORDER BY dist`): the query vector is sent and
  // parsed once. The plan is the same for every vector, filter value and page (the walk, each
  // candidate checked by its SubPlan): a generic one, planned once per connection.
  return queryCandidates(
    db,
    s,
    Prisma.sql`
        SELECT e.${k.key} AS id, e.embedding::vector(${n}) <=> ${vectorWithScanSettings(q, n, settings)} AS dist
          FROM ${k.embeddings} e
         WHERE vector_dims(e.embedding) = ${n} AND e.model = ${s.ref.model} AND ${ok}
         ORDER BY dist
         LIMIT ${wanted}`,
    "generic",
  );
}

async function exactCandidates(db: TDb, s: TVectorSearch, wanted: number): Promise<TCandidate[]> {
  const k = KINDS[s.kind];
  const n = dimsSql(s.ref.dimensions);
  const q = vectorLiteral(s.vector);
  const own = Prisma.sql`x.model = ${s.ref.model} AND vector_dims(x.embedding) = ${n}`;
  if (s.unfiltered || !s.where) {
    // Every row qualifies (an embedding's row always exists: the foreign key cascades).
    return queryCandidates(
      db,
      s,
      Prisma.sql`
      SELECT x.${k.key} AS id, (x.embedding <=> ${q}::vector)::float8 AS dist
        FROM ${k.embeddings} x WHERE ${own}
       ORDER BY dist, id
       LIMIT ${wanted}`,
    );
  }
  // The filtered ids first (an array built once), then their vectors through the key's index:
  // `= ANY(array)` walks the index once in key order. A join lets the planner, which cannot
  // estimate the vector_dims condition, hash every stored vector instead and spill to disk, many
  // times slower; a lookup per id (LATERAL) costs 20-30 % more than the array (docs/benchmarks.md).
  return queryCandidates(
    db,
    s,
    Prisma.sql`
    SELECT x.${k.key} AS id, (x.embedding <=> ${q}::vector)::float8 AS dist
      FROM ${k.embeddings} x
     WHERE x.${k.key} = ANY(ARRAY(${filteredIds(s, s.where, "all")})) AND ${own}
     ORDER BY dist, id
     LIMIT ${wanted}`,
  );
}

/**
 * The coded path: the filtered rows ranked by Hamming distance between their codes and the
 * query's (ties by id), the shortlist's ids (each once: `= ANY`) read through the vectors' key
 * and ranked by cosine distance. Codes of another size are skipped (a model change in progress),
 * and a code whose vector is of another model is dropped by the re-ranking.
 */
async function codedCandidates(db: TDb, s: TVectorSearch, wanted: number): Promise<TCandidate[]> {
  const k = KINDS[s.kind];
  const n = dimsSql(s.ref.dimensions);
  const q = vectorLiteral(s.vector);
  const own = Prisma.sql`x.model = ${s.ref.model} AND vector_dims(x.embedding) = ${n}`;
  return queryCandidates(
    db,
    s,
    Prisma.sql`
    SELECT x.${k.key} AS id, (x.embedding <=> ${q}::vector)::float8 AS dist
      FROM ${k.embeddings} x
     WHERE x.${k.key} = ANY(ARRAY(
             SELECT h.id FROM (
               SELECT f.id, f.code::bit(${n}) <~> (SELECT binary_quantize(${q}::vector)::bit(${n})) AS d
                 FROM (${s.codes!}) f WHERE length(f.code) = ${n}) h
              ORDER BY h.d, h.id
              LIMIT ${shortlistRows(wanted)}))
       AND ${own}
     ORDER BY dist, id
     LIMIT ${wanted}`,
  );
}

/** At most this many filtered rows, in any order, are read to show that the list is full. */
const FULL_LIST_SAMPLE = 1_000;

/**
 * Whether at least `n` of the first FULL_LIST_SAMPLE rows passing `where` (in whatever order the
 * database reads them) have a vector of the model within the similarity threshold: then the whole result
 * list is full (SEMANTIC_MAX_RESULTS long) without ranking it. It stops at the n-th such row, so
 * with a usual threshold it reads a few hundred rows by key.
 */
async function listIsFull(db: TDb, s: TVectorSearch, where: Prisma.Sql, n: number): Promise<boolean> {
  const k = KINDS[s.kind];
  const dims = dimsSql(s.ref.dimensions);
  const q = vectorLiteral(s.vector);
  const within =
    s.minSimilarity > 0 ? Prisma.sql`(x.embedding <=> ${q}::vector) <= ${1 - s.minSimilarity + 1e-12}::float8` : Prisma.sql`TRUE`;
  const own = Prisma.sql`x.model = ${s.ref.model} AND vector_dims(x.embedding) = ${dims} AND ${within}`;
  const rows = await readRows<{ n: number }>(
    db,
    Prisma.sql`
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM (SELECT f.id FROM (${filteredIds(s, where, "first")}) f LIMIT ${FULL_LIST_SAMPLE}) f
      CROSS JOIN LATERAL (SELECT 1 FROM ${k.embeddings} x WHERE x.${k.key} = f.id AND ${own} OFFSET 0) e
      LIMIT ${n}) s`,
  );
  return (rows[0]?.n ?? 0) >= n;
}

/**
 * The path a search starts on, when not asked for one: exact when the planner estimates that the
 * filters leave at most EXACT_ALWAYS rows; coded when they come with codes and leave at most
 * CODED_MAX; exact when the dimensions have no index; else the index.
 */
function startingPath(s: TVectorSearch, estimate: number | null): TSearchPath {
  if (s.strategy === "coded" && s.codes) return "coded";
  if (s.strategy === "exact" || s.strategy === "coded") return "exact";
  if (s.strategy === "index") return isIndexed(s.ref.dimensions) ? "index" : "exact";
  if (estimate !== null && estimate <= EXACT_ALWAYS) return "exact";
  if (s.codes && estimate !== null && estimate <= CODED_MAX) return "coded";
  return isIndexed(s.ref.dimensions) ? "index" : "exact";
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
