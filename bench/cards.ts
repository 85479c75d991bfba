/**
 * npm run bench:cards — GET /v1/cards/ on PostgreSQL.
 *
 * Seeds the demo dataset at BENCH_SCALE (default 500: about 1,000,000 cards and 10,000,000
 * interactions) once into `vm_bench_s<scale>`, then, for each typical request (two stages and a
 * category; a region and a date range; a text search; sort=trending; a participant filter), all
 * with the default include_total=true, measures at 16 connections:
 *   (a) the floor: the same statements the endpoint runs (page and total) through node:http + pg;
 *   (b) the service: GET /v1/cards/?... with an unlimited token.
 * and prints requests/s, p50, p95 and p99 of each, the service/floor throughput ratio and the goals
 * (p50 < 20 ms, ratio >= 50%), with the CPU milliseconds that PostgreSQL, the service and the
 * load generator spent per service request (bench/lib/cpu.ts), and what PostgreSQL and this process
 * (the floor's server and the load generator, one thread) spent per floor request. A second table
 * gives the cost of each statement alone (median of 20 runs): the page, and the total counted cold (the service
 * remembers totals while the card data version is unchanged, count-cache.ts, so under load it
 * counts once per data change).
 *
 * The typical values are read from the data (the two most common stages, the most common parent
 * category, the region with most cards, the last 90 days before the newest card, the most active
 * participant), so the script works at any scale.
 *
 * Each side gets an unmeasured warm-up at the same load first (BENCH_WARMUP seconds, default 3):
 * a freshly started process otherwise spends the first case compiling its code.
 *
 * BENCH_TEAM=1 adds the team case (bench/lib/bench-team.ts): an account in a team of 50 members,
 * each with 100 folders (every other one shared with the team, 20 cards each), against a solo account
 * with 100 folders of its own, both asking GET /v1/cards/?include_user_data=true alone and with each
 * typical request's parameters; the two accounts are measured in turn, in slices of BENCH_SECONDS /
 * BENCH_TEAM_ROUNDS (default 6) in ABBA order (solo, team, team, solo, ...), and each side's p50 is
 * the median of its slices', so that drift and bursts of the machine fall on both (goal: the team's
 * p50 within 10 % of the solo account's). BENCH_TEAM=only runs this case alone.
 *
 * Env: BENCH_SCALE (default 500), BENCH_SECONDS (default 10), BENCH_PORT (default 3118),
 * BENCH_ONLY=<text> runs only the requests whose label contains it (e.g. "participant"),
 * BENCH_INPROCESS=1 serves the REST edge from this process instead of the real server (for
 * validating the script at a small scale only: the load generator then shares the process).
 */
import pg from "pg";
import { benchDatabase } from "./lib/bench-db";
import { startFloor } from "./lib/floor";
import { load, median } from "./lib/load";
import { cpuPerRequest, cpuSample } from "./lib/cpu";
import { printTable } from "./lib/report";
import { startService } from "./lib/service";
import { createPrisma, type TDb } from "../server/db/client";
import { resetEnvCache } from "../server/env";
import { applySettings, ensureAccount } from "../server/domain/accounts/accounts";
import { createApiToken } from "../server/domain/accounts/api-tokens";
import { countPlan } from "../server/domain/cards/count";
import { buildCardWhere } from "../server/domain/cards/filters";
import { effectiveSort } from "../server/domain/cards/list";
import { planCardList, type TListPlan } from "../server/domain/cards/plan";
import type { TCardListParams } from "../server/domain/cards/params";
import { startInProcess } from "./lib/in-process";
import { benchTeam, type TBenchTeam } from "./lib/bench-team";

const SCALE = Number(process.env.BENCH_SCALE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3118);
const IN_PROCESS = process.env.BENCH_INPROCESS === "1";
const CONNECTIONS = 16;
const TEAM = process.env.BENCH_TEAM ?? "";
const TEAM_SIZE = { members: 50, folders: 100, perFolder: 20 };
/** Slices per side in the team case (BENCH_TEAM_ROUNDS, default 6), each BENCH_SECONDS / rounds long. */
const TEAM_ROUNDS = Number(process.env.BENCH_TEAM_ROUNDS ?? 6);
type TLoad = Awaited<ReturnType<typeof load>>;

interface TCase {
  label: string;
  query: string;
  params: TCardListParams;
}

// ---------------------------------------------------------------- typical requests

async function typicalCases(db: TDb): Promise<TCase[]> {
  const one = async <T>(sql: string) => (await db.$queryRawUnsafe<T[]>(sql))[0]!;
  const stages = await db.$queryRawUnsafe<{ slug: string }[]>(
    `SELECT s.slug FROM card c JOIN stage s ON s.id = c.stage_id GROUP BY s.slug ORDER BY count(*) DESC, s.slug LIMIT 2`,
  );
  const category = await one<{ slug: string }>(
    `SELECT k.slug FROM card_category cc JOIN category k ON k.id = cc.category_id
     WHERE k.parent_id IS NULL GROUP BY k.slug ORDER BY count(*) DESC, k.slug LIMIT 1`,
  );
  const region = await one<{ slug: string }>(`
    WITH RECURSIVE up AS (
      SELECT id, id AS leaf FROM location UNION ALL SELECT l.parent_id, up.leaf FROM up JOIN location l ON l.id = up.id WHERE l.parent_id IS NOT NULL
    )
    SELECT r.slug FROM card c JOIN up ON up.leaf = c.location_id JOIN location r ON r.id = up.id AND r.type = 'region'
    GROUP BY r.slug ORDER BY count(*) DESC, r.slug LIMIT 1`);
  const newest = await one<{ d: Date }>(`SELECT max(created_at) AS d FROM card`);
  const day = (offset: number) => new Date(newest.d.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
  const participant = await one<{ slug: string }>(`
    SELECT p.slug FROM participant p
    JOIN (SELECT participant_id, count(*) AS n FROM interaction GROUP BY participant_id ORDER BY n DESC LIMIT 1) t ON t.participant_id = p.id`);
  const stageSlugs = stages.map((s) => s.slug);
  const after = day(90);
  const before = day(1);
  const base = { limit: 20, offset: 0 };
  return [
    {
      label: "two stages + a category",
      query: `stages=${stageSlugs.join(",")}&categories=${category.slug}`,
      params: { ...base, stages: stageSlugs, categories: [category.slug] },
    },
    {
      label: "a region + a date range",
      query: `locations=${region.slug}&created_after=${after}&created_before=${before}`,
      params: {
        ...base,
        locations: [region.slug],
        created_after: new Date(`${after}T00:00:00Z`),
        created_before: new Date(`${before}T00:00:00Z`),
      },
    },
    { label: "text search", query: "search=compliance", params: { ...base, search: "compliance" } },
    { label: "sort=trending", query: "sort=trending", params: { ...base, sort: "trending" } },
    { label: "a participant", query: `participants=${participant.slug}`, params: { ...base, participants: [participant.slug] } },
  ];
}

// ---------------------------------------------------------------- the floor

interface TStatements {
  plan: TListPlan;
  countPlan: string;
}

async function statementsOf(db: TDb, accountId: number, c: TCase): Promise<TStatements> {
  const where = await buildCardWhere(db, accountId, c.params);
  const plan = await planCardList(db, accountId, where, effectiveSort(c.params.sort), c.params, true);
  return { plan, countPlan: countPlan(where) };
}

/** Page and total through bare pg, concurrently (the unfiltered total comes with the page). */
async function floorRun(pool: pg.Pool, s: TStatements) {
  const page = s.plan.page!;
  const count = s.plan.count;
  const [p, c] = await Promise.all([
    pool.query<{ rows: string; cards: number }>(page.text, page.values as unknown[]),
    count ? pool.query<{ n: number }>(count.text, count.values as unknown[]) : undefined,
  ]);
  return { data: JSON.parse(p.rows[0]!.rows) as unknown[], total: c ? c.rows[0]!.n : p.rows[0]!.cards };
}

async function statementTimes(pool: pg.Pool, s: TStatements) {
  const time = async (sql: { text: string; values: unknown[] } | null) => {
    if (!sql) return 0;
    const runs: number[] = [];
    for (let i = 0; i < 22; i++) {
      const t0 = performance.now();
      await pool.query(sql.text, sql.values);
      if (i >= 2) runs.push(performance.now() - t0);
    }
    return median(runs);
  };
  return { page_ms: await time(s.plan.page), count_ms: await time(s.plan.count) };
}

// ---------------------------------------------------------------- the service

async function benchAccount(url: string): Promise<{ token: string; accountId: number }> {
  const db = createPrisma(url, 1);
  try {
    const account = await ensureAccount(db, "bench-cards@venture-monitor.local", {});
    await applySettings(db, account.id, { staff: true });
    return { token: (await createApiToken(db, account.id)).raw, accountId: account.id };
  } finally {
    await db.$disconnect();
  }
}

// ---------------------------------------------------------------- run

const { url } = await benchDatabase({ scale: SCALE });
// In-process mode: the service's own database handle must open this database (env() is read once).
if (IN_PROCESS) {
  process.env.DATABASE_URL = url;
  process.env.LOG_LEVEL = "warn";
  resetEnvCache();
}
{
  // Visibility map (index-only scans) and statistics; quick when nothing changed.
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query("VACUUM ANALYZE card, card_category, interaction, vm_card_participant, vm_card_word, vm_card_changes");
  await c.end();
}
const { token, accountId } = await benchAccount(url);
const db = createPrisma(url, 4);
const ONLY = process.env.BENCH_ONLY;
const cases = (await typicalCases(db)).filter((c) => !ONLY || c.label.includes(ONLY));
const statements = new Map<string, TStatements>();
for (const c of cases) statements.set(c.label, await statementsOf(db, accountId, c));
const team = TEAM ? await benchTeam(db, TEAM_SIZE) : undefined;
await db.$disconnect();

const service = IN_PROCESS ? await startInProcess(url, PORT) : await startService({ databaseUrl: url, port: PORT });
let current: TStatements | undefined;
const floor = await startFloor(url, (pool) => floorRun(pool, current!));
const headers = { authorization: `Token ${token}` };
try {
  const rows: Record<string, unknown>[] = [];
  const costs: Record<string, unknown>[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  for (const c of TEAM === "only" ? [] : cases) {
    const s = statements.get(c.label)!;
    current = s;
    const check = await fetch(`${service.baseUrl}/v1/cards/?${c.query}`, { headers });
    const body = (await check.json()) as { data: unknown[]; pagination: { total: number } };
    if (check.status !== 200) throw new Error(`${c.query}: ${check.status} ${JSON.stringify(body)}`);
    const floorLoad = (seconds: number) => load({ url: `${floor.baseUrl}/`, connections: CONNECTIONS, seconds });
    const serviceLoad = (seconds: number) =>
      load({ url: `${service.baseUrl}/v1/cards/?${c.query}`, headers, connections: CONNECTIONS, seconds });
    // Unmeasured warm-up of each side: compiled code, remembered totals, the query's pages in the cache.
    if (WARMUP_SECONDS > 0) await floorLoad(WARMUP_SECONDS);
    const floorBefore = cpuSample(undefined);
    const fl = await floorLoad(SECONDS);
    const floorCpu = cpuPerRequest(floorBefore, cpuSample(undefined), fl.requests);
    if (WARMUP_SECONDS > 0) await serviceLoad(WARMUP_SECONDS);
    const before = cpuSample(service.pid);
    const sv = await serviceLoad(SECONDS);
    const cpu = cpuPerRequest(before, cpuSample(service.pid), sv.requests);
    const ratio = fl.rps > 0 ? sv.rps / fl.rps : 0;
    rows.push({
      request: c.label,
      total: body.pagination.total,
      floor_rps: fl.rps,
      floor_p50: fl.p50,
      floor_p95: fl.p95,
      floor_p99: fl.p99,
      // The floor serves from this process, beside the load generator: its node_ms is both.
      floor_pg_ms: floorCpu.pg_ms,
      floor_node_ms: floorCpu.load_ms,
      rps: sv.rps,
      p50: sv.p50,
      p95: sv.p95,
      p99: sv.p99,
      "ratio %": Math.round(ratio * 100),
      ...cpu,
      errors: sv.errors + sv.non2xx + fl.errors + fl.non2xx,
      goals: sv.p50 < 20 && ratio >= 0.5 ? "met" : "MISSED",
    });
    costs.push({ request: c.label, query: c.query, count_plan: s.countPlan, ...(await statementTimes(pool, s)) });
  }
  await pool.end();
  if (TEAM !== "only") {
    printTable(`GET /v1/cards/ at ${CONNECTIONS} connections, ${SECONDS} s each (scale ${SCALE}; include_total=true)`, rows);
    printTable("Statements alone, one at a time (median of 20; count_ms = the total counted cold)", costs);
  }
  if (team) await teamCase(service.baseUrl, team, cases);
} finally {
  await floor.close();
  await service.close();
}

// ---------------------------------------------------------------- the team case

/** include_user_data=true as the solo account and as the team member, in turn (ABBA), per request. */
async function teamCase(baseUrl: string, t: TBenchTeam, typical: TCase[]) {
  const requests = [{ label: "include_user_data=true alone", query: "" }, ...typical.map((c) => ({ label: c.label, query: c.query }))];
  const rows: Record<string, unknown>[] = [];
  const slice = Math.max(1, SECONDS / TEAM_ROUNDS);
  for (const r of requests) {
    const url = `${baseUrl}/v1/cards/?include_user_data=true${r.query ? `&${r.query}` : ""}`;
    const as = (who: { token: string }, seconds: number) =>
      load({ url, headers: { authorization: `Token ${who.token}` }, connections: CONNECTIONS, seconds });
    for (const who of [t.solo, t.member]) {
      const check = await fetch(url, { headers: { authorization: `Token ${who.token}` } });
      if (check.status !== 200) throw new Error(`${url}: ${check.status} ${await check.text()}`);
      if (WARMUP_SECONDS > 0) await as(who, WARMUP_SECONDS);
    }
    // Slices in ABBA order (solo, team, team, solo, ...): drift and bursts of the machine fall on both sides.
    const slices: { solo: TLoad[]; team: TLoad[] } = { solo: [], team: [] };
    for (let i = 0; i < TEAM_ROUNDS; i++) {
      const order = i % 2 === 0 ? (["solo", "team"] as const) : (["team", "solo"] as const);
      for (const side of order) slices[side].push(await as(side === "solo" ? t.solo : t.member, slice));
    }
    const sum = (xs: TLoad[]) => ({
      p50: median(xs.map((x) => x.p50)),
      p95: median(xs.map((x) => x.p95)),
      rps: median(xs.map((x) => x.rps)),
    });
    const solo = sum(slices.solo);
    const member = sum(slices.team);
    const ratio = solo.p50 > 0 ? member.p50 / solo.p50 : 0;
    rows.push({
      request: r.label,
      solo_rps: solo.rps,
      solo_p50: solo.p50,
      solo_p95: solo.p95,
      team_rps: member.rps,
      team_p50: member.p50,
      team_p95: member.p95,
      "team/solo p50 %": Math.round(ratio * 100),
      errors: [...slices.solo, ...slices.team].reduce((n, x) => n + x.errors + x.non2xx, 0),
      goal: ratio <= 1.1 ? "met" : "MISSED",
    });
  }
  printTable(
    `GET /v1/cards/?include_user_data=true, solo account (${t.visible.solo} folders) vs a member of a ${TEAM_SIZE.members}-member team ` +
      `(${t.visible.member} folders visible; ${t.folderCards} folder cards), ${CONNECTIONS} connections, ${TEAM_ROUNDS} x ${slice.toFixed(1)} s each side, ABBA, medians of the slices (scale ${SCALE})`,
    rows,
  );
}
