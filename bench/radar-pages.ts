/**
 * npm run bench:radar-pages — the workspace's radar pages in Chromium on a large radar.
 *
 * Seeds one account with BENCH_CONNECTIONS connections (default 2,000: three quarters network_a)
 * and BENCH_UPDATES updates (default 20,000, every change type, spread over 90 days) by direct SQL
 * into database `vm_bench_radar_pages` (the radar tables are emptied at each run), starts the real
 * service on it, signs in with a password account in Chromium (/usr/bin/chromium or
 * CHROMIUM_PATH) and measures BENCH_RUNS (default 20) navigations each:
 *   - /radar/updates until the first page of the feed (20 updates) is painted;
 *   - /radar until the first page of the connections table (20 rows) is painted;
 *   - beside them: the page's document as the browser timed it (request sent to its last byte: the
 *     server renders the first page with the feed or list prefetched, app/_trpc/server.tsx), and
 *     the REST call of the same data (GET /v1/radar/updates/,
 *     GET /v1/radar/connections/network_a/) one request at a time with a token of that account.
 * Goal: first render p50 < 500 ms for both pages.
 *
 * Env: BENCH_CONNECTIONS (2000), BENCH_UPDATES (20000), BENCH_RUNS (20), BENCH_PORT (3117), BENCH_PG.
 */
import { execFileSync } from "node:child_process";
import { chromium, type Page } from "@playwright/test";
import pg from "pg";
import { createPrisma } from "../server/db/client";
import { migrate } from "../server/db/migrate";
import { createApiToken } from "../server/domain/accounts/api-tokens";
import { ensureDatabase } from "./lib/bench-db";
import { printTable } from "./lib/report";
import { startService } from "./lib/service";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 2000);
const UPDATES = Number(process.env.BENCH_UPDATES ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3117);
const EMAIL = "bench-radar-ui@venture-monitor.local";
const PASSWORD = "bench-radar-ui-password-1";
const ID_BASE = 5_000_000;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : NaN;
};

/** Connections g = 1..n: network_a for three in four, network_b otherwise; a snapshot of the right shape. */
const CONNECTIONS_SQL = `
INSERT INTO radar_connection (id, account_id, source, external_id, username, name, company, is_tracking, snapshot, last_refreshed_at, created_at, updated_at)
SELECT ${ID_BASE} + g, $1::int, s.source, (800000 + g)::text, 'bench_person_' || g, 'Bench Person ' || g, 'Company ' || (g % 300),
       g % 10 <> 0,
       CASE WHEN s.source = 'network_a' THEN jsonb_build_object(
         'source', 'network_a', 'external_id', (800000 + g)::text, 'username', 'bench_person_' || g, 'name', 'Bench Person ' || g,
         'profile', jsonb_build_object('headline', 'Engineer', 'summary', null, 'location', 'Berlin', 'url', 'https://network-a.example/in/bench_person_' || g, 'image_url', null, 'urn', null),
         'career', jsonb_build_object('current', jsonb_build_object('title', 'Engineer', 'company', 'Company ' || (g % 300), 'start_date', '2022-01-01', 'end_date', null, 'location', null, 'description', null), 'history', '[]'::jsonb),
         'education', '[]'::jsonb, 'skills', '[]'::jsonb)
       ELSE jsonb_build_object(
         'source', 'network_b', 'external_id', (800000 + g)::text, 'username', 'bench_person_' || g, 'name', 'Bench Person ' || g,
         'profile', jsonb_build_object('bio', 'Bio ' || g, 'location', 'Lisbon', 'url', null, 'followers', g),
         'activity', jsonb_build_object('recent_posts', '[]'::jsonb, 'followed_accounts', '[]'::jsonb)) END,
       now() - make_interval(hours => g % 48), now() - make_interval(mins => g), now()
  FROM generate_series(1, $2::int) AS g
  CROSS JOIN LATERAL (SELECT CASE WHEN g % 4 = 0 THEN 'network_b' ELSE 'network_a' END AS source) s`;

/** Updates: each on connection (i % n) + 1, a change type of its network, detected over 90 days. */
const UPDATES_SQL = `
INSERT INTO radar_update (account_id, connection_id, source, change_type, description, body, detected_at)
SELECT $1::int, c.id, c.source, t.change_type, c.name || ' ' || t.change_type || ' #' || i, t.body,
       now() - make_interval(secs => (i * 7919 % (90 * 86400)))
  FROM generate_series(1, $3::int) AS i
  JOIN radar_connection c ON c.id = ${ID_BASE} + (i % $2::int) + 1
  CROSS JOIN LATERAL (SELECT CASE
    WHEN c.source = 'network_b' THEN 'bio_change'
    WHEN i % 3 = 0 THEN 'career_change' WHEN i % 3 = 1 THEN 'headline_change' ELSE 'combined' END AS change_type) k
  CROSS JOIN LATERAL (SELECT k.change_type, CASE k.change_type
    WHEN 'bio_change' THEN jsonb_build_object('variant', 'network_b_bio_change', 'previous_bio', 'Old bio ' || i, 'current_bio', 'New bio ' || i)
    WHEN 'career_change' THEN jsonb_build_object('variant', 'career_change',
      'previous', jsonb_build_object('title', 'Engineer', 'company', 'Old Co', 'start_date', null, 'end_date', null, 'location', null, 'description', null),
      'current', jsonb_build_object('title', 'CTO', 'company', 'New Co ' || i, 'start_date', null, 'end_date', null, 'location', null, 'description', null))
    WHEN 'headline_change' THEN jsonb_build_object('variant', 'combined', 'changes', jsonb_build_array(
      jsonb_build_object('change_type', 'headline_change', 'previous_headline', 'Engineer at Old Co', 'current_headline', 'Founder, building something new ' || i)))
    ELSE jsonb_build_object('variant', 'combined', 'changes', jsonb_build_array(
      jsonb_build_object('change_type', 'career_change', 'previous', null,
        'current', jsonb_build_object('title', 'Founder', 'company', 'Startup ' || i, 'start_date', null, 'end_date', null, 'location', null, 'description', null)),
      jsonb_build_object('change_type', 'headline_change', 'previous_headline', 'Engineer', 'current_headline', 'Founder at Startup ' || i))) END AS body) t`;

async function prepare(): Promise<{ url: string }> {
  const { url } = await ensureDatabase("vm_bench_radar_pages");
  await migrate(url);
  try {
    execFileSync(process.execPath, ["bin/vmon.js", "users", "create", "--email", EMAIL, "--password", PASSWORD], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: "ignore",
    });
  } catch {
    // Already there from an earlier run.
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>("SELECT id FROM account WHERE email = $1", [EMAIL]);
    const accountId = rows[0]!.id;
    await client.query(
      "TRUNCATE radar_application, radar_connection, radar_snapshot, radar_update, vm_radar_update_tally, vm_radar_update_account_tally",
    );
    await client.query("UPDATE account SET radar_limit_network_a = $2, radar_limit_network_b = $2 WHERE id = $1", [
      accountId,
      CONNECTIONS * 2,
    ]);
    await client.query(CONNECTIONS_SQL, [accountId, CONNECTIONS]);
    await client.query(UPDATES_SQL, [accountId, CONNECTIONS, UPDATES]);
    await client.query("VACUUM ANALYZE radar_connection, radar_update, vm_radar_update_tally, vm_radar_update_account_tally");
  } finally {
    await client.end();
  }
  return { url };
}

/** Waits until `testId` shows settled content, then one frame more (it is painted). */
async function painted(page: Page, testId: string, item: string) {
  await page.waitForFunction(
    ({ testId, item }) => {
      const el = document.querySelector(`[data-testid="${testId}"]`);
      return el?.getAttribute("aria-busy") === "false" && !!el.querySelector(item);
    },
    { testId, item },
  );
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
}

async function main() {
  const { url } = await prepare();
  const svc = await startService({ databaseUrl: url, port: PORT });
  const db = createPrisma(url, 2);
  try {
    const account = await db.account.findUniqueOrThrow({ where: { email: EMAIL } });
    const { raw: token } = await createApiToken(db, account.id, { name: "bench" });
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu"],
    });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${svc.baseUrl}/signin`);
    await page.getByLabel("E-mail").fill(EMAIL);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/cards$/);

    /** Navigations to `path` until painted, and the document's own time (request sent to its last byte). */
    const measure = async (path: string, testId: string, item: string) => {
      const out: number[] = [];
      const doc: number[] = [];
      await page.goto(`${svc.baseUrl}${path}`); // warm-up (compiled routes, caches)
      await painted(page, testId, item);
      for (let i = 0; i < RUNS; i++) {
        const t0 = Date.now();
        await page.goto(`${svc.baseUrl}${path}`);
        await painted(page, testId, item);
        out.push(Date.now() - t0);
        doc.push(
          await page.evaluate(() => {
            const n = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
            return n.responseEnd - n.requestStart;
          }),
        );
      }
      return [out, doc] as const;
    };
    const [feed, feedDoc] = await measure("/radar/updates", "update-feed", "li");
    const [table, tableDoc] = await measure("/radar", "connection-table", "tbody tr td");
    await browser.close();

    const rest = async (path: string) => {
      const out: number[] = [];
      for (let i = 0; i < RUNS + 1; i++) {
        const t0 = performance.now();
        const r = await fetch(`${svc.baseUrl}${path}`, { headers: { Authorization: `Token ${token}` } });
        await r.arrayBuffer();
        if (i > 0) out.push(performance.now() - t0);
      }
      return out;
    };
    const feedRest = await rest("/v1/radar/updates/?limit=20&include_total=true");
    const tableRest = await rest("/v1/radar/connections/network_a/?limit=20");

    const row = (measure: string, xs: number[], goal = "") => ({
      measure,
      runs: xs.length,
      "p50 ms": Math.round(pct(xs, 50)),
      "p95 ms": Math.round(pct(xs, 95)),
      goal,
    });
    printTable(
      `radar pages in Chromium: ${CONNECTIONS.toLocaleString("en")} connections, ${UPDATES.toLocaleString("en")} updates (one account)`,
      [
        row("/radar/updates: navigation to the first 20 updates painted", feed, "p50 < 500"),
        row("  the page's document (server render with the prefetched feed)", feedDoc),
        row("  GET /v1/radar/updates/?limit=20", feedRest),
        row("/radar: navigation to the connections table painted", table, "p50 < 500"),
        row("  the page's document (server render with the prefetched list)", tableDoc),
        row("  GET /v1/radar/connections/network_a/?limit=20", tableRest),
      ],
    );
  } finally {
    await db.$disconnect();
    await svc.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
