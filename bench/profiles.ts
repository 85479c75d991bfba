/**
 * npm run bench:profiles — raw-data profiles on PostgreSQL (issue: Raw data, Performance).
 *
 * 1. Full read of a ~10% collection (1,000,000 profiles: ~100,000 members) at 200 per page, as the
 *    spec's synchronisation recipe does it: latency of every page (first, last, p50, p99) and of
 *    the whole read; goal: last page <= 2x the first, whole read < 60 s. Read twice: with the
 *    default include_total=true and with include_total=false.
 * 2. Deep pages requested cold (no previous page of the same read: plain OFFSET), for reference.
 * 3. A filtered list page at 16 connections against a bare-SQL floor (node:http + pg, same SQL).
 *
 * Data: the database `vm_bench_profiles_<N>` is filled once with N synthetic profiles by one
 * generate_series INSERT per 100,000 rows (much faster than the demo seeder; every row is a valid
 * profile with the columns the import would write, country included), then reused.
 *
 * Env: BENCH_PROFILES (default 1000000), BENCH_SECONDS (load duration, default 10), BENCH_PORT
 * (default 3117), BENCH_INPROCESS=1 serves the REST edge from this process instead of the real
 * server (node bin/start.js, which builds the web app when stale): for validating the script at
 * small scale only, since the load generator then shares the process with the service.
 */
import pg from "pg";
import { ensureDatabase } from "./lib/bench-db";
import { startFloor } from "./lib/floor";
import { load, median } from "./lib/load";
import { printTable } from "./lib/report";
import { startService } from "./lib/service";
import { createPrisma } from "../server/db/client";
import { migrate } from "../server/db/migrate";
import { applySettings, ensureAccount } from "../server/domain/accounts/accounts";
import { createApiToken } from "../server/domain/accounts/api-tokens";
import { startInProcess } from "./lib/in-process";

const N = Number(process.env.BENCH_PROFILES ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3117);
const IN_PROCESS = process.env.BENCH_INPROCESS === "1";
const COLLECTION = "bench_european_founders";
const FILTER = "classification=strong_potential_founder&tags=tag8&limit=50";

// ---------------------------------------------------------------- data

const SEED_SQL = `
INSERT INTO profile (id, name, headline, summary, location, country, network_a_url, network_a_urn, classification, path,
                     status, education, experience, tags, created_at, updated_at)
SELECT g, 'Person ' || g,
  (ARRAY['Founder','CTO','Engineer','Designer','Investor','Researcher','Product lead','Operator'])[1 + (g * 7) % 8]
    || ' at ' || (ARRAY['Acme','Globex','Initech','Umbrella','Hooli','Stark','Wayne','Tyrell'])[1 + (g * 13) % 8],
  'Working on ' || (ARRAY['fintech','climate','robotics','biotech','AI','devtools','security','health','education','gaming'])[1 + (g * 11) % 10],
  loc, lower(trim(split_part(loc, ', ', array_length(string_to_array(loc, ', '), 1)))),
  'https://network-a.example/in/bench' || g, 'bench' || g,
  (ARRAY['strong_potential_founder','potential_founder','noise','noise'])[1 + (g * 3) % 4],
  (ARRAY['declared_founder','imminent_founder',NULL])[1 + (g * 5) % 3],
  (ARRAY['stealth','came_out_of_stealth','got_a_job','active'])[1 + (g * 9) % 4],
  '[{"school":"Somewhere University","degree":"BSc"}]'::jsonb,
  jsonb_build_array(jsonb_build_object('title','Founder','company','Acme','startDate','2020-01-01','endDate',NULL)),
  ARRAY['tag' || (g * 7) % 200, 'tag' || (g * 31) % 200],
  ts, ts + ((g * 13) % 1000) * interval '1 hour'
FROM (
  SELECT g,
    (ARRAY['Paris, France','Berlin, Germany','San Francisco, CA, United States','New York, NY, United States','Austin, TX, United States',
           'Bangalore, India','Toronto, Canada','Singapore, Singapore','Sao Paulo, Brazil','Sydney, Australia'])[1 + (g * 7) % 10] AS loc,
    timestamptz '2021-01-01' + ((g::bigint * 2654435761) % 1500007) * interval '1 minute' AS ts
  FROM generate_series($1::int, $2::int) AS g
) s`;

async function prepareDatabase(): Promise<string> {
  const { url } = await ensureDatabase(`vm_bench_profiles_${N}`);
  await migrate(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM profile");
    let have = Number(rows[0]!.n);
    if (have < N) {
      process.stderr.write(`seeding ${N - have} synthetic profiles…\n`);
      const started = Date.now();
      for (let from = have + 1; from <= N; from += 100_000) {
        await client.query(SEED_SQL, [from, Math.min(N, from + 99_999)]);
        have = Math.min(N, from + 99_999);
        process.stderr.write(`  ${have} / ${N}\n`);
      }
      process.stderr.write(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
    }
    // Sets the visibility map (index-only scans) and statistics; quick when nothing changed.
    await client.query("VACUUM ANALYZE profile");
    await client.query(
      `INSERT INTO collection (slug, name, description, visibility, active, criteria, updated_at)
       VALUES ($1, 'European founders (bench)', 'Founders in France and Germany', 'shared', true, $2::jsonb, now())
       ON CONFLICT (slug) DO UPDATE SET criteria = EXCLUDED.criteria, active = true`,
      [COLLECTION, JSON.stringify({ countries: ["france", "germany"], classification: ["strong_potential_founder", "potential_founder"] })],
    );
  } finally {
    await client.end();
  }
  return url;
}

/** A token of a fresh account with the raw-data permission (each has its own offset cache). */
async function freshToken(url: string, label: string): Promise<string> {
  const db = createPrisma(url, 1);
  try {
    const account = await ensureAccount(db, `bench-${label}-${Date.now()}@venture-monitor.local`, {});
    await applySettings(db, account.id, { staff: true, grant: ["network_a_profiles"] });
    return (await createApiToken(db, account.id)).raw;
  } finally {
    await db.$disconnect();
  }
}

// ---------------------------------------------------------------- service

// ---------------------------------------------------------------- measurements

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

async function timedGet(url: string, token: string): Promise<{ ms: number; body: any }> {
  const started = performance.now();
  const r = await fetch(url, { headers: { authorization: `Token ${token}` } });
  const body = await r.json();
  if (r.status !== 200) throw new Error(`${url}: ${r.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, body };
}

async function fullRead(baseUrl: string, token: string, includeTotal: boolean) {
  const pages: number[] = [];
  const seen = new Set<string>();
  let repeated = 0;
  let total: number | null = null;
  let offset = 0;
  const started = performance.now();
  for (;;) {
    const q = `collection=${COLLECTION}&limit=200&offset=${offset}${includeTotal ? "" : "&include_total=false"}`;
    const { ms, body } = await timedGet(`${baseUrl}/v1/network_a/profiles/?${q}`, token);
    pages.push(ms);
    total ??= body.pagination.total;
    for (const p of body.data) {
      if (seen.has(p.network_a.url)) repeated++;
      seen.add(p.network_a.url);
    }
    if (!body.pagination.has_next) break;
    offset += body.data.length;
  }
  const totalS = (performance.now() - started) / 1000;
  const k = Math.min(5, pages.length);
  return {
    include_total: includeTotal,
    pages: pages.length,
    members: seen.size,
    total: total ?? "-",
    repeated,
    first_ms: pages[0]!,
    last_ms: pages[pages.length - 1]!,
    first5_med_ms: median(pages.slice(0, k)),
    last5_med_ms: median(pages.slice(-k)),
    "last/first": median(pages.slice(-k)) / median(pages.slice(0, k)),
    p50_ms: percentile(pages, 50),
    p99_ms: percentile(pages, 99),
    whole_read_s: totalS,
  };
}

/** The floor: the same SQL as the service for the filtered page (items and count), through pg. */
async function floorHandler(pool: pg.Pool) {
  const ts = (c: string) => `to_char(${c} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  const where = "p.classification = ANY($1::text[]) AND p.tags && $2::text[]";
  const args = [["strong_potential_founder"], ["tag8"]];
  const [items, count] = await Promise.all([
    pool.query(
      `SELECT p.id, p.name, p.headline, p.summary, p.location, p.network_a_url, p.network_a_image_url, p.network_a_urn,
              p.classification, p.path, p.status, ${ts("p.out_of_stealth_date")} AS out_of_stealth_date, p.education, p.experience,
              p.notable_achievements, p.new_company, p.tags, ${ts("p.created_at")} AS created_at, ${ts("p.updated_at")} AS updated_at
         FROM (SELECT p.id FROM profile p WHERE ${where} ORDER BY p.created_at DESC, p.id DESC LIMIT 51) page
         JOIN profile p ON p.id = page.id ORDER BY p.created_at DESC, p.id DESC`,
      args,
    ),
    pool.query(`SELECT count(*)::int AS n FROM profile p WHERE ${where}`, args),
  ]);
  return { data: items.rows.slice(0, 50), total: count.rows[0].n };
}

// ---------------------------------------------------------------- run

const url = await prepareDatabase();
const service = IN_PROCESS ? await startInProcess(url, PORT) : await startService({ databaseUrl: url, port: PORT });
const floor = await startFloor(url, floorHandler);
try {
  // Warm-up (connections, code paths) with an account of its own, so no read starts cold.
  const warm = await freshToken(url, "warm");
  for (let i = 0; i < 3; i++) await timedGet(`${service.baseUrl}/v1/network_a/profiles/?collection=${COLLECTION}&limit=200`, warm);
  const reads = [];
  for (const includeTotal of [true, false]) reads.push(await fullRead(service.baseUrl, await freshToken(url, "read"), includeTotal));
  printTable(`Full read of '${COLLECTION}' at 200 per page (${N.toLocaleString("en-US")} profiles)`, reads);

  const members = reads[0]!.members;
  const deep = [];
  for (const fraction of [0, 0.25, 0.5, 1]) {
    const offset = Math.max(0, Math.floor((members * fraction) / 200) * 200 - (fraction === 1 ? 200 : 0));
    const token = await freshToken(url, "deep");
    const { ms } = await timedGet(`${service.baseUrl}/v1/network_a/profiles/?collection=${COLLECTION}&limit=200&offset=${offset}`, token);
    deep.push({ offset, cold_page_ms: ms });
  }
  printTable("Cold pages (no previous page of the same read: plain OFFSET)", deep);

  const token = await freshToken(url, "load");
  const svc = await load({
    url: `${service.baseUrl}/v1/network_a/profiles/?${FILTER}`,
    headers: { authorization: `Token ${token}` },
    seconds: SECONDS,
  });
  const bare = await load({ url: `${floor.baseUrl}/`, seconds: SECONDS });
  printTable(`Filtered list page (${FILTER}), 16 connections, ${SECONDS} s`, [
    { target: IN_PROCESS ? "service (in-process edge)" : "service", ...svc },
    { target: "floor (node:http + pg)", ...bare },
    { target: "service / floor rps", rps: svc.rps / Math.max(bare.rps, 1) },
  ]);
} finally {
  await floor.close();
  await service.close();
}
