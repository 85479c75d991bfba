import { Prisma } from "~/server/db/generated/prisma/client";
import type { TDb } from "~/server/db/client";
import { readRows, type TPlan } from "~/server/db/read";
import { env } from "~/server/env";
import { KINDS } from "./kinds";
import { dimsSql, vectorLiteral, vectorWithScanSettings } from "./vector-sql";
import type { TCandidate, TVectorSearch } from "./vector-search.types";

/**
 * The statements of semantic search's three paths (index, exact, coded) and of the full-list
 * sample; vector-search.ts chooses among them and cuts the result list. Each returns candidates
 * (id, cosine distance, and the page's rows when the search has `pageRow`).
 */

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

/**
 * The query vector's text form, made once per vector: the service's query-vector cache
 * (search.ts) hands the same array to every page and path of a query, so its 512 numbers are
 * formatted once instead of once per statement.
 */
const literals = new WeakMap<number[], string>();
function queryLiteral(vector: number[]): string {
  let literal = literals.get(vector);
  if (literal === undefined) literals.set(vector, (literal = vectorLiteral(vector)));
  return literal;
}

/** The positions (0-based, in list order) of the page a search returns: `limit` from `offset`, one more without a total. */
export function pageSpan(s: TVectorSearch): { from: number; to: number } {
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

export async function indexCandidates(db: TDb, s: TVectorSearch, wanted: number): Promise<TCandidate[]> {
  const k = KINDS[s.kind];
  const n = dimsSql(s.ref.dimensions);
  const q = queryLiteral(s.vector);
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

export async function exactCandidates(db: TDb, s: TVectorSearch, wanted: number): Promise<TCandidate[]> {
  const k = KINDS[s.kind];
  const n = dimsSql(s.ref.dimensions);
  const q = queryLiteral(s.vector);
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
 * and ranked by cosine distance. A code of another model (a model change in progress) ranks as
 * any other, and the re-ranking drops it: its vector is not of the model. Its size is not checked
 * in the pass (the explicit cast pads or cuts it to the query's, never an error): reading each
 * code a second time for `length()` cost as much as its distance.
 *
 * The shortlist sorts one bigint per row, the distance in the high half and the id (a positive
 * int) in the low half: the same order as (distance, id), but a sort of a single column is a
 * sort of plain values (PostgreSQL 15's datum sort), cheaper than one of two-column rows.
 * Together they rank a filter's rows faster than a two-column sort after a size check
 * (bench:semantic, bench/results/semantic.md).
 */
export async function codedCandidates(db: TDb, s: TVectorSearch, wanted: number): Promise<TCandidate[]> {
  const k = KINDS[s.kind];
  const n = dimsSql(s.ref.dimensions);
  const q = queryLiteral(s.vector);
  const own = Prisma.sql`x.model = ${s.ref.model} AND vector_dims(x.embedding) = ${n}`;
  return queryCandidates(
    db,
    s,
    Prisma.sql`
    SELECT x.${k.key} AS id, (x.embedding <=> ${q}::vector)::float8 AS dist
      FROM ${k.embeddings} x
     WHERE x.${k.key} = ANY(ARRAY(
             SELECT (h.key & 2147483647)::int FROM (
               SELECT ((f.code::bit(${n}) <~> (SELECT binary_quantize(${q}::vector)::bit(${n})))::int8 << 32) | f.id::int8 AS key
                 FROM (${s.codes!}) f
                ORDER BY 1
                LIMIT ${shortlistRows(wanted)}) h))
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
export async function listIsFull(db: TDb, s: TVectorSearch, where: Prisma.Sql, n: number): Promise<boolean> {
  const k = KINDS[s.kind];
  const dims = dimsSql(s.ref.dimensions);
  const q = queryLiteral(s.vector);
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
