/**
 * `npm run bench:semantic`: semantic search over the demo cards with synthetic, clustered 512-d
 * vectors (the local model's size), on PostgreSQL.
 *
 *   BENCH_SCALE     demo scale (2,000 cards each; default 500 = 1,000,000 cards)
 *   BENCH_QUERIES   queries per configuration (default 50)
 *   BENCH_ROUNDS    measured rounds of those queries per configuration (default 3; p50 and p99
 *                   over all of them, recall averaged)
 *   BENCH_MWM       maintenance_work_mem for the HNSW build (default 4GB)
 *   BENCH_PREWARM=1 loads the index and the vectors into the buffer pool first, when it holds them
 *   BENCH_PG        the server (default the local one; bench/sized-server.sh starts a copy of it
 *                   with a larger buffer pool)
 *
 * Vectors: clustered like the local model's embeddings of the demo cards (sector, sub-centre,
 * low-rank and small isotropic offsets, fitted to the model's distance profile: see
 * bench/lib/clustered-vectors.ts and bench:semantic:calibrate). They are stored under the model key
 * MODEL (generated in SQL, once; the HNSW index is rebuilt after the bulk insert). Queries are
 * drawn like cards.
 *
 * For each filter (none, a stage, a stage and the query's own sector, a stage and another sector)
 * it measures, with include_total=false and true (a page of 20), p50/p99 and recall@20 against
 * the exact ranking (computed in the same run):
 *   1. the search step (searchByVector) alone, in this process, with the path it took (statements
 *      named and prepared as the service prepares them);
 *   2. end to end: GET /v1/cards/?search=...&semantic=true on the real service (bin/start.js, its
 *      own processes), one request at a time. The service embeds through EMBEDDINGS_PROVIDER=openai
 *      from a table server (bench/lib/embedding-server.ts) that knows the queries' vectors; two
 *      unmeasured rounds leave every query in the service's query-vector cache, so the measured
 *      round embeds nothing (the table prints how many texts it embedded: 0).
 * Then the local model's query embedding time.
 *
 *   BENCH_PORT      the service's port for the end-to-end part (default 3119)
 *   BENCH_EF_SWEEP  instead of all that, only the search step without the total for each of these
 *                   hnsw.ef_search values (comma-separated, SEMANTIC_EF_SEARCH), with recall@20
 *                   (mean and worst query) against the exact ranking: how SEMANTIC_EF_SEARCH was chosen
 *   BENCH_PATHS     instead of all that, only the search step on each of these paths, forced
 *                   (comma-separated: index, exact, coded; coded only for the filters that have
 *                   codes), with and without the total: how the automatic choice was made
 */
import pg from "pg";
import { createPrisma, type TDb } from "../server/db/client";
import { matchingCodesSql, matchingIdsSql } from "../server/domain/cards/count";
import { buildCardWhere } from "../server/domain/cards/filters";
import { searchByVector, type TSearchPath, type TVectorSearch } from "../server/domain/embeddings/vector-search";
import { hnswIndexDdl, hnswIndexName } from "../server/domain/embeddings/vector-sql";
import { createLocalProvider } from "../server/domain/embeddings/providers/local";
import { benchDatabase } from "./lib/bench-db";
import { CALIBRATED, generatorSql, vectorSql } from "./lib/clustered-vectors";
import { printTable } from "./lib/report";
import { startTableEmbeddingServer, TABLE_MODEL_KEY } from "./lib/embedding-server";
import { startService } from "./lib/service";
import { queryText } from "../server/domain/embeddings/kinds";
import { resetEnvCache } from "../server/env";

const SCALE = Number(process.env.BENCH_SCALE ?? 500);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 50);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const MWM = process.env.BENCH_MWM ?? "4GB";
const PORT = Number(process.env.BENCH_PORT ?? 3119);
/** The key the vectors are stored under: the table embedding server's model (modelKey: "openai:<model>"). */
const MODEL = TABLE_MODEL_KEY;
const REF = { model: MODEL, dimensions: 512 };
const MIN_SIMILARITY = 0.3;
const PAGE = 20;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
};
const log = (msg: string) => process.stderr.write(`${msg}\n`);

/** A card's sector: its root category (the first), or one picked by id for a card without. */
const SECTOR_OF = `COALESCE((SELECT min(cat.id) FROM card_category cc JOIN category cat ON cat.id = cc.category_id AND cat.parent_id IS NULL WHERE cc.card_id = c.id),
  (SELECT min(k) FROM vm_bench_centre) + (hashint4(c.id) & 2147483647) % (SELECT count(*) FROM vm_bench_centre))`;

async function ensureVectors(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ cards: number; vectors: number }>(
    `SELECT (SELECT count(*)::int FROM card) AS cards, (SELECT count(*)::int FROM card_embedding WHERE model = $1) AS vectors`,
    [MODEL],
  );
  const { cards, vectors } = rows[0]!;
  if (cards > 0 && vectors === cards) {
    // The generator's tables are unlogged: a server that recovered from a crash (or a copy made
    // online, bench/sized-server.sh) has them empty. They are deterministic: make them again.
    const { rows: centres } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM vm_bench_centre");
    if (centres[0]!.n === 0) await client.query(generatorSql(CALIBRATED));
    return;
  }
  log(`generating ${cards.toLocaleString("en-US")} clustered vectors (once for this database)…`);
  let started = Date.now();
  await client.query(generatorSql(CALIBRATED));
  await client.query(`DROP INDEX IF EXISTS ${hnswIndexName("card", 512)}`);
  // TRUNCATE, not DELETE: the old rows' space (2.6 GB at a million) is given back instead of
  // doubling the table that exact search reads.
  await client.query("TRUNCATE card_embedding");
  const card = vectorSql("c.id", SECTOR_OF, 0);
  await client.query(
    `
    INSERT INTO card_embedding (card_id, model, embedding, updated_at)
    SELECT c.id, $1, ${card.vector}, now() FROM card c ${card.from}`,
    [MODEL],
  );
  log(`  inserted in ${((Date.now() - started) / 1000).toFixed(0)} s; building the HNSW index…`);
  started = Date.now();
  await client.query(`SET maintenance_work_mem = '${MWM.replace(/[^0-9A-Za-z]/g, "")}'`);
  await client.query(hnswIndexDdl("card", 512));
  await client.query("VACUUM ANALYZE card_embedding");
  // The vectors' binary codes were copied into card_category by its triggers: the coded path's
  // index-only scan needs its pages marked all-visible again.
  await client.query("VACUUM ANALYZE card_category");
  log(`  index built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * The server's buffer pool against the sizes the search reads (the figures depend on it: a page
 * read from the OS cache costs several times a buffer hit). With BENCH_PREWARM=1 and a pool that
 * holds them, the index and the vectors are loaded first (pg_prewarm), as a deployment sized for
 * them would have them after its first queries.
 */
async function serverMemory(client: pg.Client): Promise<Record<string, unknown>> {
  const index = hnswIndexName("card", 512);
  const { rows } = await client.query<{ shared: string; shared_bytes: string; index_bytes: string; table_bytes: string }>(
    `SELECT current_setting('shared_buffers') AS shared,
            (SELECT setting::bigint * 8192 FROM pg_settings WHERE name = 'shared_buffers')::text AS shared_bytes,
            pg_relation_size($1::regclass)::text AS index_bytes,
            pg_table_size('card_embedding')::text AS table_bytes`,
    [index],
  );
  const r = rows[0]!;
  const mb = (b: string) => Math.round(Number(b) / 2 ** 20);
  let prewarmed = "no";
  if (process.env.BENCH_PREWARM === "1") {
    if (Number(r.shared_bytes) < Number(r.index_bytes) + Number(r.table_bytes)) prewarmed = "no (the pool is smaller than index + vectors)";
    else {
      const started = Date.now();
      await client.query("CREATE EXTENSION IF NOT EXISTS pg_prewarm");
      // The index, the table, its key and, where the vectors are stored out of line, its TOAST table and index.
      await client.query(
        `SELECT pg_prewarm(r) FROM (
           SELECT $1::regclass AS r UNION ALL SELECT 'card_embedding'::regclass UNION ALL SELECT 'card_embedding_pkey'::regclass
           UNION ALL SELECT t.oid FROM pg_class t JOIN pg_class c ON t.oid = c.reltoastrelid WHERE c.oid = 'card_embedding'::regclass
           UNION ALL SELECT i.indexrelid FROM pg_index i JOIN pg_class c ON i.indrelid = c.reltoastrelid WHERE c.oid = 'card_embedding'::regclass) x`,
        [index],
      );
      prewarmed = `yes (${((Date.now() - started) / 1000).toFixed(0)} s)`;
    }
  }
  return { shared_buffers: r.shared, hnsw_index_mb: mb(r.index_bytes), vectors_mb: mb(r.table_bytes), prewarmed };
}

/** A filter as the search step takes it (card() below builds it as the card list does). */
type TFilter = Pick<TVectorSearch, "ids" | "codes" | "unfiltered"> & { sql?: TVectorSearch["where"] };

interface TQuery {
  vector: number[];
  sector: string;
  other: string;
}

async function queries(client: pg.Client): Promise<TQuery[]> {
  const query = vectorSql("q", "s1.k", 7);
  const { rows } = await client.query<{ v: string; sector: string; other: string }>(
    `
    WITH s AS (SELECT row_number() OVER (ORDER BY k) - 1 AS i, k FROM vm_bench_centre), n AS (SELECT count(*) AS n FROM s)
    SELECT (${query.vector})::text AS v, c1.slug AS sector, c2.slug AS other
      FROM generate_series(0, $1 - 1) q
      JOIN s s1 ON s1.i = (hashint4(q * 3 + 1) & 2147483647) % (SELECT n FROM n)
      JOIN s s2 ON s2.i = (s1.i + 1) % (SELECT n FROM n)
      JOIN category c1 ON c1.id = s1.k JOIN category c2 ON c2.id = s2.k
      ${query.from}
     ORDER BY q`,
    [QUERIES],
  );
  return rows.map((r) => ({ vector: JSON.parse(r.v) as number[], sector: r.sector, other: r.other }));
}

/** A filter of the benchmark as card list parameters: the search step builds the list's WHERE from them, the end-to-end part sends them. */
interface TFilterCase {
  name: string;
  params: (q: TQuery) => { stages?: string[]; categories?: string[] };
}

const queryTextOf = (i: number) => queryText(`bench query ${i}`);

/** The step's search for query i with a filter, and each query's exact top 20 (the reference for recall) with the exact search's times. */
async function reference(db: TDb, c: TFilterCase, qs: TQuery[]) {
  const wheres: TFilter[] = [];
  for (const q of qs) wheres.push(await card(db, c.params(q)));
  const base = (i: number): TVectorSearch => ({
    kind: "card",
    ref: REF,
    vector: qs[i]!.vector,
    where: wheres[i]!.sql,
    ids: wheres[i]!.ids,
    codes: wheres[i]!.codes,
    unfiltered: wheres[i]!.unfiltered,
    minSimilarity: MIN_SIMILARITY,
    limit: PAGE,
    offset: 0,
    includeTotal: false,
  });
  const exactTimes: number[] = [];
  const truth: Set<number>[] = [];
  for (let i = 0; i < qs.length; i++) {
    const started = performance.now();
    const exact = await searchByVector(db, { ...base(i), strategy: "exact" });
    exactTimes.push(performance.now() - started);
    truth.push(new Set(exact.rows.slice(0, PAGE).map((r) => r.id)));
  }
  return { base, truth, exactTimes };
}

/**
 * One unmeasured round of the queries, then ROUNDS measured ones: each search's time, the paths
 * taken and each query's recall@20 averaged over the rounds. The unmeasured round matters: the
 * exact searches (or another variant) leave other pages in PostgreSQL's buffers, and the order of
 * the variants should not decide their times.
 */
async function measuredRounds(db: TDb, search: (i: number) => TVectorSearch, truth: Set<number>[]) {
  const queries = truth.length;
  for (let i = 0; i < queries; i++) await searchByVector(db, search(i));
  const times: number[] = [];
  const paths: Record<string, number> = {};
  const recalls = truth.map(() => 0);
  for (let n = 0; n < ROUNDS * queries; n++) {
    const i = n % queries;
    const started = performance.now();
    const r = await searchByVector(db, search(i));
    times.push(performance.now() - started);
    paths[r.path] = (paths[r.path] ?? 0) + 1;
    recalls[i] =
      recalls[i]! +
      recallAt20(
        truth[i]!,
        r.rows.map((x) => x.id),
      ) /
        ROUNDS;
  }
  return { times, paths, recalls, meanRecall: recalls.reduce((a, b) => a + b, 0) / queries };
}

/** The search step alone; also returns each query's exact top 20 (the reference for recall). */
async function measureStep(db: TDb, c: TFilterCase, qs: TQuery[]): Promise<{ rows: Record<string, unknown>[]; truth: Set<number>[] }> {
  const rows: Record<string, unknown>[] = [];
  const { base, truth, exactTimes } = await reference(db, c, qs);
  for (const includeTotal of [false, true]) {
    const { times, paths, meanRecall } = await measuredRounds(db, (i) => ({ ...base(i), includeTotal }), truth);
    rows.push({
      filter: c.name,
      include_total: includeTotal,
      p50_ms: pct(times, 0.5),
      p99_ms: pct(times, 0.99),
      recall_at_20: meanRecall,
      paths: Object.entries(paths)
        .map(([k, v]) => `${k}:${v}`)
        .join(" "),
      exact_p50_ms: pct(exactTimes, 0.5),
    });
  }
  return { rows, truth };
}

/** The search step on each forced path (BENCH_PATHS), with and without the total: p50, p99, recall@20. */
async function comparePaths(db: TDb, c: TFilterCase, qs: TQuery[], paths: TSearchPath[]): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  const { base, truth } = await reference(db, c, qs);
  for (const strategy of paths) {
    if (strategy === "coded" && !base(0).codes) continue;
    for (const includeTotal of [false, true]) {
      const { times, meanRecall } = await measuredRounds(db, (i) => ({ ...base(i), includeTotal, strategy }), truth);
      rows.push({
        filter: c.name,
        path: strategy,
        include_total: includeTotal,
        p50_ms: pct(times, 0.5),
        p99_ms: pct(times, 0.99),
        recall_at_20: meanRecall,
      });
    }
  }
  return rows;
}

/** The search step without the total at each hnsw.ef_search value (BENCH_EF_SWEEP): p50, p99, mean and worst recall@20. */
async function sweepEfSearch(db: TDb, c: TFilterCase, qs: TQuery[], efs: number[]): Promise<Record<string, unknown>[]> {
  const { base, truth } = await reference(db, c, qs);
  const rows: Record<string, unknown>[] = [];
  for (const ef of efs) {
    process.env.SEMANTIC_EF_SEARCH = String(ef);
    resetEnvCache();
    const { times, recalls, meanRecall } = await measuredRounds(db, base, truth);
    rows.push({
      filter: c.name,
      ef_search: ef,
      p50_ms: pct(times, 0.5),
      p99_ms: pct(times, 0.99),
      recall_at_20: meanRecall,
      worst_query_recall: Math.min(...recalls),
    });
  }
  return rows;
}

function recallAt20<T>(truth: Set<T>, got: T[]): number {
  return truth.size ? got.slice(0, PAGE).filter((x) => truth.has(x)).length / truth.size : 1;
}

interface TRunningService {
  baseUrl: string;
  token: string;
}

/** GET /v1/cards/ with the query's text and the filter, one request at a time, through the whole service. */
async function measureEndToEnd(service: TRunningService, embedded: () => number, c: TFilterCase, qs: TQuery[], truth: Set<string>[]) {
  const rows: Record<string, unknown>[] = [];
  for (const includeTotal of [false, true]) {
    const get = async (i: number) => {
      const p = new URLSearchParams({
        search: queryTextOf(i),
        semantic: "true",
        min_similarity: String(MIN_SIMILARITY),
        limit: String(PAGE),
        include_total: String(includeTotal),
      });
      for (const [k, v] of Object.entries(c.params(qs[i]!))) if (v?.length) p.set(k, v.join(","));
      const res = await fetch(`${service.baseUrl}/v1/cards/?${p}`, { headers: { Authorization: `Token ${service.token}` } });
      const body = (await res.json()) as { data: { slug: string }[] };
      if (!res.ok) throw new Error(`GET /v1/cards/ answered ${res.status}: ${JSON.stringify(body)}`);
      return body.data.map((item) => item.slug);
    };
    // Two unmeasured rounds: every HTTP process that may serve the connection has each query's vector cached.
    for (let round = 0; round < 2; round++) for (let i = 0; i < qs.length; i++) await get(i);
    const before = embedded();
    const times: number[] = [];
    let recall = 0;
    for (let n = 0; n < ROUNDS * qs.length; n++) {
      const i = n % qs.length;
      const started = performance.now();
      const slugs = await get(i);
      times.push(performance.now() - started);
      recall += recallAt20(truth[i]!, slugs);
    }
    rows.push({
      filter: c.name,
      include_total: includeTotal,
      p50_ms: pct(times, 0.5),
      p99_ms: pct(times, 0.99),
      recall_at_20: recall / (ROUNDS * qs.length),
      texts_embedded: embedded() - before,
    });
  }
  return rows;
}

/** Card ids to slugs (the REST items carry slugs). */
async function slugSets(client: pg.Client, sets: Set<number>[]): Promise<Set<string>[]> {
  const ids = [...new Set(sets.flatMap((s) => [...s]))];
  const { rows } = await client.query<{ id: number; slug: string }>("SELECT id, slug FROM card WHERE id = ANY($1::int[])", [ids]);
  const slug = new Map(rows.map((r) => [r.id, r.slug]));
  return sets.map((s) => new Set([...s].map((id) => slug.get(id)!)));
}

async function localModelTiming() {
  const provider = createLocalProvider();
  try {
    let started = performance.now();
    await provider.embed(["warm up the model"], { priority: "query" });
    const load = performance.now() - started;
    const texts = [
      "fintech payments for small businesses",
      "AI radiology diagnostics",
      "carbon capture startups",
      "developer tools for testing",
      "crypto wallets",
    ];
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      started = performance.now();
      await provider.embed([`${texts[i % texts.length]} ${i}`], { priority: "query" });
      times.push(performance.now() - started);
    }
    return [
      { what: "local model (USE lite, 512-d), one query", load_and_first_ms: load, p50_ms: pct(times, 0.5), p99_ms: pct(times, 0.99) },
    ];
  } finally {
    await provider.close?.();
  }
}

async function main() {
  const { url } = await benchDatabase({ scale: SCALE });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Named statements, as the service prepares them: the index scan then keeps a generic plan per connection.
  const db = createPrisma(url, 4, { namedStatements: true });
  const closing: (() => Promise<unknown>)[] = [() => client.end(), () => db.$disconnect()];
  try {
    await ensureVectors(client);
    const memory = await serverMemory(client);
    const qs = await queries(client);
    const stage = "growth";
    const filters: TFilterCase[] = [
      { name: "none", params: () => ({}) },
      { name: `stage=${stage}`, params: () => ({ stages: [stage] }) },
      { name: "stage + query's sector", params: (q) => ({ stages: [stage], categories: [q.sector] }) },
      { name: "stage + other sector", params: (q) => ({ stages: [stage], categories: [q.other] }) },
    ];
    const cards = (await client.query<{ n: number }>("SELECT count(*)::int AS n FROM card")).rows[0]!.n;
    const sweep = process.env.BENCH_EF_SWEEP?.split(",")
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
    if (sweep?.length) {
      const rows: Record<string, unknown>[] = [];
      for (const f of filters.slice(0, 3)) {
        log(`hnsw.ef_search sweep: ${f.name}`);
        rows.push(...(await sweepEfSearch(db, f, qs, sweep)));
      }
      printTable(
        `search step by hnsw.ef_search, ${cards.toLocaleString("en-US")} cards, ${QUERIES} queries × ${ROUNDS} rounds, page of ${PAGE} without the total`,
        rows,
      );
      printTable("server memory", [memory]);
      return;
    }
    const forced = process.env.BENCH_PATHS?.split(",").filter((p): p is TSearchPath => ["index", "exact", "coded"].includes(p));
    if (forced?.length) {
      const rows: Record<string, unknown>[] = [];
      for (const f of filters) {
        log(`paths: ${f.name}`);
        rows.push(...(await comparePaths(db, f, qs, forced)));
      }
      printTable(
        `search step by path, ${cards.toLocaleString("en-US")} cards, ${QUERIES} queries × ${ROUNDS} rounds, page of ${PAGE}`,
        rows,
      );
      printTable("server memory", [memory]);
      return;
    }
    const step: Record<string, unknown>[] = [];
    const truths: Set<number>[][] = [];
    for (const f of filters) {
      log(`measuring the search step: ${f.name}`);
      const { rows, truth } = await measureStep(db, f, qs);
      step.push(...rows);
      truths.push(truth);
    }

    log("starting the service (EMBEDDINGS_PROVIDER=openai, a table of the queries' vectors)…");
    const embedder = await startTableEmbeddingServer(new Map(qs.map((q, i) => [queryTextOf(i), q.vector])));
    closing.unshift(() => embedder.close());
    const service = await startService({
      databaseUrl: url,
      port: PORT,
      env: embedder.env,
    });
    closing.unshift(() => service.close());
    const e2e: Record<string, unknown>[] = [];
    for (const [i, f] of filters.entries()) {
      log(`measuring end to end: ${f.name}`);
      e2e.push(...(await measureEndToEnd(service, embedder.embedded, f, qs, await slugSets(client, truths[i]!))));
    }

    const what = `${cards.toLocaleString("en-US")} cards, ${QUERIES} queries × ${ROUNDS} rounds, min_similarity ${MIN_SIMILARITY}, page of ${PAGE}, embedding excluded`;
    printTable(`semantic search step (searchByVector), ${what}`, step);
    printTable(`end to end: GET /v1/cards/?search=...&semantic=true, one request at a time, ${what}`, e2e);
    printTable("server memory", [memory]);
    printTable("query embedding", await localModelTiming());
  } finally {
    for (const close of closing) await close();
  }
}

/** The cards list's own WHERE for these filters (server/domain/cards/filters.ts). */
async function card(db: TDb, p: { stages?: string[]; categories?: string[] }): Promise<TFilter> {
  const where = await buildCardWhere(db, 0, p);
  return { sql: where.sql, ids: matchingIdsSql(where), codes: matchingCodesSql(where), unfiltered: where.unfiltered };
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
