/**
 * npm run bench:radar — radar on PostgreSQL.
 *
 * 1. Processing: BENCH_APPS applications (default 10,000; 90% network_a, 10% network_b) created with
 *    the bulk create, then drained by the worker (drainApplications, dataset connector, batches of
 *    500): applications/s and peak memory (RSS of this process, where the worker runs). Goal ≥ 500/s.
 * 2. Refresh: the resulting tracked connections refreshed once (refreshDue), with a change (new
 *    current position, or a new bio) in one profile of ten: connections/s, updates recorded, peak RSS.
 * 3. Feed: BENCH_UPDATES synthetic updates (default 1,000,000, generate_series) spread over those
 *    connections; GET /v1/radar/updates/ at 16 connections for BENCH_SECONDS (default 10) against a
 *    bare-SQL floor (node:http + pg, the same two statements: the page and the total). Goal p50 < 20 ms.
 *
 * Data: database `vm_bench_radar`, synthetic profiles (generate_series), radar tables emptied at
 * each run. Env: BENCH_APPS, BENCH_UPDATES, BENCH_SECONDS, BENCH_PORT (default 3118), BENCH_INPROCESS=1
 * serves the REST edge from this process instead of the real server (for validating the script at
 * small scale only: the load generator then shares the process with the service).
 */
import pg from "pg";
import { ensureDatabase } from "./lib/bench-db";
import { startFloor } from "./lib/floor";
import { load } from "./lib/load";
import { printTable } from "./lib/report";
import { startService } from "./lib/service";
import { createPrisma, type TDb } from "../server/db/client";
import { migrate } from "../server/db/migrate";
import { applySettings, ensureAccount } from "../server/domain/accounts/accounts";
import { createApiToken } from "../server/domain/accounts/api-tokens";
import { datasetConnector } from "../server/domain/radar/connectors";
import { createApplications } from "../server/domain/radar/create";
import { toApplicationInput } from "../server/domain/radar/identifiers";
import { drainApplications } from "../server/domain/radar/process";
import { refreshDue } from "../server/domain/radar/refresh";
import { startInProcess } from "./lib/in-process";

const APPS = Number(process.env.BENCH_APPS ?? 10_000);
const UPDATES = Number(process.env.BENCH_UPDATES ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3118);
const IN_PROCESS = process.env.BENCH_INPROCESS === "1";
const B_EVERY = 10; // one application in ten is a network_b one

// ---------------------------------------------------------------- data

const PROFILES_SQL = `
INSERT INTO profile (id, name, headline, summary, location, country, network_a_url, network_a_urn, education, experience, created_at, updated_at)
SELECT g, 'Radar Person ' || g, 'Engineer at Co' || g, 'Builds things', 'Berlin, Germany', 'germany',
       'https://network-a.example/in/radar-person-' || g, 'RADAR' || g,
       '[{"school":"TU Berlin","degree":"MSc"}]'::jsonb,
       jsonb_build_array(jsonb_build_object('title','Engineer','company','Co' || g,'startDate','2021-01-01','endDate',NULL),
                         jsonb_build_object('title','Intern','company','Old' || g,'startDate','2019-01-01','endDate','2020-12-31')),
       now(), now()
  FROM generate_series(1, $1::int) AS g
ON CONFLICT (id) DO UPDATE SET headline = EXCLUDED.headline, experience = EXCLUDED.experience`;

const NETWORK_B_SQL = `
INSERT INTO network_b_profile (user_id, username, name, bio, location, url, followers, recent_posts, followed_accounts, updated_at)
SELECT (9000000 + g)::text, 'radar_b_' || g, 'Radar B ' || g, 'Bio ' || g, 'Lisbon', 'https://network-b.example/radar_b_' || g, g % 1000,
       jsonb_build_array(jsonb_build_object('text', 'post ' || g)), '[]'::jsonb, now()
  FROM generate_series(1, $1::int) AS g
ON CONFLICT (user_id) DO UPDATE SET bio = EXCLUDED.bio`;

async function prepare(): Promise<{ url: string; db: TDb; accountId: number; token: string }> {
  const { url } = await ensureDatabase("vm_bench_radar");
  await migrate(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      "TRUNCATE radar_application, radar_connection, radar_snapshot, radar_update, vm_radar_update_tally, vm_radar_update_account_tally",
    );
    await client.query(PROFILES_SQL, [APPS]);
    await client.query(NETWORK_B_SQL, [Math.ceil(APPS / B_EVERY)]);
    await client.query("VACUUM ANALYZE profile, network_b_profile, radar_application, radar_connection");
  } finally {
    await client.end();
  }
  const db = createPrisma(url, 8);
  const account = await ensureAccount(db, "bench-radar@venture-monitor.local", {});
  await applySettings(db, account.id, { staff: true });
  await db.account.update({ where: { id: account.id }, data: { radarLimitNetworkA: APPS * 2, radarLimitNetworkB: APPS * 2 } });
  const { raw } = await createApiToken(db, account.id);
  return { url, db, accountId: account.id, token: raw };
}

/** Runs `fn` while sampling this process's RSS; returns its result, seconds and peak RSS (MB). */
async function measured<T>(fn: () => Promise<T>): Promise<{ result: T; seconds: number; peakMb: number; startMb: number }> {
  const startMb = process.memoryUsage().rss / 1e6;
  let peak = startMb;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss / 1e6)), 20);
  const started = performance.now();
  try {
    const result = await fn();
    return { result, seconds: (performance.now() - started) / 1000, peakMb: Math.max(peak, process.memoryUsage().rss / 1e6), startMb };
  } finally {
    clearInterval(timer);
  }
}

// ---------------------------------------------------------------- phases

async function createAll(db: TDb, accountId: number) {
  for (const source of ["network_a", "network_b"] as const) {
    const items = [];
    for (let i = 1; i <= APPS; i++) {
      const isB = i % B_EVERY === 0;
      if ((source === "network_b") !== isB) continue;
      const fields = isB
        ? { network_b_user_id: String(9000000 + i / B_EVERY) }
        : i % 2
          ? { username: `radar-person-${i}` }
          : { network_a_url: `https://network-a.example/in/radar-person-${i}/` };
      items.push(toApplicationInput(source, fields));
    }
    for (let from = 0; from < items.length; from += 1000) {
      const out = await createApplications(db, accountId, source, items.slice(from, from + 1000));
      if (out.errors.length) throw new Error(`bulk create: ${JSON.stringify(out.errors[0])}`);
    }
  }
}

/** One profile in ten changes: a new current position (network_a) or a new bio (network_b). */
async function changeTenth(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `UPDATE profile SET experience = jsonb_build_array(jsonb_build_object('title','Founder & CEO','company','NewCo' || id,'startDate','2026-01-01','endDate',NULL))
                                      || experience
        WHERE id <= $1 AND id % 10 = 3`,
      [APPS],
    );
    await client.query(`UPDATE network_b_profile SET bio = 'New bio ' || user_id WHERE user_id::bigint % 10 = 3`);
  } finally {
    await client.end();
  }
}

const UPDATES_SQL = `
INSERT INTO radar_update (account_id, connection_id, source, change_type, description, body, detected_at)
SELECT $1::int, c.id, c.source,
       CASE WHEN c.source = 'network_a' THEN 'career_change' ELSE 'bio_change' END,
       'Synthetic update ' || g,
       CASE WHEN c.source = 'network_a'
            THEN jsonb_build_object('variant','career_change','previous',NULL,'current',
                   jsonb_build_object('title','CEO','company','Co' || g,'start_date','2026-01-01','end_date',NULL,'location',NULL,'description',NULL))
            ELSE jsonb_build_object('variant','network_b_bio_change','previous_bio','Old','current_bio','New ' || g) END,
       now() - g * interval '7 seconds'
  FROM generate_series($2::int, $3::int) AS g
  JOIN radar_connection c ON c.id = ($4::int[])[1 + g % array_length($4::int[], 1)]`;

async function seedUpdates(url: string, accountId: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>("SELECT id FROM radar_connection WHERE account_id = $1 ORDER BY id", [accountId]);
    const ids = rows.map((r) => r.id);
    const { rows: have } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM radar_update");
    for (let from = have[0]!.n + 1; from <= UPDATES; from += 100_000) {
      await client.query(UPDATES_SQL, [accountId, from, Math.min(UPDATES, from + 99_999), ids]);
      process.stderr.write(`  updates: ${Math.min(UPDATES, from + 99_999)} / ${UPDATES}\n`);
    }
    await client.query("VACUUM ANALYZE radar_update, vm_radar_update_tally, vm_radar_update_account_tally, radar_connection");
  } finally {
    await client.end();
  }
}

/** The floor: the feed's statement (total from the tally, page with its connection) through pg. */
function floorHandler(accountId: number) {
  return async (pool: pg.Pool) => {
    const { rows } = await pool.query(
      `SELECT tot.total, p.* FROM (SELECT coalesce(sum(t.n), 0)::int AS total FROM vm_radar_update_account_tally t WHERE t.account_id = $1) tot
         LEFT JOIN LATERAL (
           SELECT u.id, u.description, u.change_type, u.body, u.detected_at,
                  c.id AS c_id, c.source AS c_source, c.username AS c_username, c.name AS c_name
             FROM radar_update u JOIN radar_connection c ON c.id = u.connection_id
            WHERE u.account_id = $1 ORDER BY u.detected_at DESC, u.id DESC LIMIT 50 OFFSET 0) p ON true
        ORDER BY p.detected_at DESC, p.id DESC`,
      [accountId],
    );
    return { data: rows, total: rows[0]?.total ?? 0 };
  };
}

// ---------------------------------------------------------------- run

const { url, db, accountId, token } = await prepare();
try {
  const created = await measured(() => createAll(db, accountId));
  const processed = await measured(() => drainApplications(db, { connector: datasetConnector(db), batchSize: 500 }));
  await changeTenth(url);
  const refreshed = await measured(() => refreshDue(db, { connector: datasetConnector(db), olderThanMs: 0, batchSize: 500 }));
  const p = processed.result;
  const r = refreshed.result;
  printTable(`Radar worker, dataset connector, ${APPS.toLocaleString("en-US")} applications (PostgreSQL)`, [
    {
      phase: "bulk create (1,000 per call)",
      items: APPS,
      seconds: created.seconds,
      per_s: Math.round(APPS / created.seconds),
      peak_rss_mb: created.peakMb,
      note: "",
    },
    {
      phase: "process (drain queue)",
      items: p.claimed,
      seconds: processed.seconds,
      per_s: Math.round(p.claimed / processed.seconds),
      peak_rss_mb: processed.peakMb,
      note: `${p.connected} connected, ${p.failed} failed; goal >= 500/s`,
    },
    {
      phase: "refresh (1/10 changed)",
      items: r.refreshed,
      seconds: refreshed.seconds,
      per_s: Math.round(r.refreshed / refreshed.seconds),
      peak_rss_mb: refreshed.peakMb,
      note: `${r.changed} changed, ${r.updates} updates`,
    },
  ]);

  process.stderr.write(`seeding ${UPDATES.toLocaleString("en-US")} synthetic updates…\n`);
  await seedUpdates(url, accountId);
  const service = IN_PROCESS ? await startInProcess(url, PORT) : await startService({ databaseUrl: url, port: PORT });
  const floor = await startFloor(url, floorHandler(accountId));
  try {
    const headers = { authorization: `Token ${token}` };
    const check = await fetch(`${service.baseUrl}/v1/radar/updates/`, { headers });
    const body = (await check.json()) as { pagination?: { total: number } };
    if (check.status !== 200) throw new Error(`feed answered ${check.status}: ${JSON.stringify(body)}`);
    const rows = [];
    for (const [label, query] of [
      ["service: first page (with total)", ""],
      ["service: include_total=false", "?include_total=false"],
      ["service: change_type + is_tracking", "?change_type=bio_change&is_tracking=true"],
    ] as const) {
      rows.push({
        target: IN_PROCESS ? `${label} [in-process]` : label,
        ...(await load({ url: `${service.baseUrl}/v1/radar/updates/${query}`, headers, seconds: SECONDS })),
      });
    }
    rows.push({ target: "floor (node:http + pg, same SQL)", ...(await load({ url: `${floor.baseUrl}/`, seconds: SECONDS })) });
    printTable(
      `Updates feed, ${body.pagination?.total?.toLocaleString("en-US")} updates over ${p.connected} connections, 16 connections, ${SECONDS} s (goal p50 < 20 ms)`,
      rows,
    );
  } finally {
    await floor.close();
    await service.close();
  }
} finally {
  await db.$disconnect();
}
