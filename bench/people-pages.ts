/**
 * npm run bench:people-pages — the reads of the /participants, /participants/<slug>, /founders,
 * /founders/<id> and /founders/collections/<slug> workspace pages, on the demo dataset at scale 50.
 *
 * Each read is called through the tRPC caller (the procedure, its validation and the database
 * handle, as the browser's calls reach it, minus HTTP) with the page's own input, BENCH_RUNS times
 * after two warm-up calls, for the worst cases found in the data: the participant with the most
 * interactions (its first and last page), the fund with the most partners, the largest collection
 * and a profile with a linked card. Beside each: the floor, the same statements through bare `pg`
 * where the read is one or two statements (one pool, no framework). Prints p50/p95 in ms, then each
 * page's reads on its first render: the browser makes them in steps (a read that needs the one
 * before waits for it; reads of the same step run in parallel), so the page waits for the sum over
 * its steps of their slowest p50 (HTTP and rendering excluded).
 *
 * Read-only: it only reads the database, as an account that already exists there (BENCH_EMAIL,
 * default the REST benchmarks' account, which has the raw-data permission).
 *
 * Env: DATABASE_URL (default vm_bench_s50 on 127.0.0.1), BENCH_RUNS (default 30), BENCH_EMAIL.
 */
import pg from "pg";
import { printTable } from "./lib/report";

const URL_ = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/vm_bench_s50";
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const EMAIL = process.env.BENCH_EMAIL ?? "bench@venture-monitor.local";

process.env.DATABASE_URL = URL_;
process.env.LOG_LEVEL = "warn";
const { resetEnvCache } = await import("../server/env");
resetEnvCache();
const { db, closeDatabase } = await import("../server/db/client");
const { accountById } = await import("../server/auth/caller");
const { appRouter } = await import("../server/api/root");
const { createCallerFactory } = await import("../server/api/trpc");

const pool = new pg.Pool({ connectionString: URL_, max: 4 });
const one = async <T>(sql: string, args: unknown[] = []) => (await pool.query(sql, args)).rows[0] as T;

// ---------------------------------------------------------------- the worst cases in the data

const busiest = await one<{ id: number; slug: string; n: number }>(
  `SELECT p.id, p.slug, n::int FROM (
     SELECT pid, count(*) AS n FROM (
       SELECT participant_id AS pid FROM interaction
       UNION ALL SELECT associated_participant_id FROM interaction WHERE associated_participant_id IS NOT NULL) x
     GROUP BY pid ORDER BY n DESC LIMIT 1) t JOIN participant p ON p.id = t.pid`,
);
const fund = await one<{ id: number; slug: string; partners: number }>(
  `SELECT f.id, f.slug, count(*)::int AS partners FROM participant p JOIN participant f ON f.id = p.associated_with_id
   GROUP BY f.id, f.slug ORDER BY partners DESC, f.id LIMIT 1`,
);
const linked = await one<{ id: number }>(
  `SELECT network_a_profile_id AS id FROM card WHERE network_a_profile_id IS NOT NULL
   GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
);
const account = await one<{ id: number }>("SELECT id FROM account WHERE email = $1", [EMAIL]);
if (!account) throw new Error(`no account ${EMAIL} in this database (run a REST benchmark on it first, or set BENCH_EMAIL)`);

const prisma = await db();
const who = await accountById(prisma, account.id);
if (!who) throw new Error(`no account ${account.id}`);
const caller = createCallerFactory(appRouter)({
  db: prisma,
  caller: { kind: "session", account: who },
  transport: "trpc",
  resHeaders: { set() {} },
});
const collections = await caller.rawData.collections({ limit: "200" });
// The largest collection: the one whose profile list counts the most members.
let largest = { slug: "", total: -1 };
for (const c of collections.data) {
  const r = await caller.rawData.profiles({ collection: c.slug, limit: "1", include_total: "true" });
  if ((r.pagination.total ?? 0) > largest.total) largest = { slug: c.slug, total: r.pagination.total ?? 0 };
}
const lastOffset = Math.max(0, Math.floor((busiest.n - 1) / 20) * 20);
process.stdout.write(
  `busiest participant ${busiest.slug} (${busiest.n} interaction rows), fund ${fund.slug} (${fund.partners} partners), ` +
    `collection ${largest.slug} (${largest.total} profiles), profile ${linked.id} (linked cards)\n`,
);

// ---------------------------------------------------------------- the floors (same SQL, bare pg)

const interactionsPage = (pid: number, limit: number, offset: number) =>
  Promise.all([
    pool.query(
      `SELECT i.id, i.created_at, c.slug AS card_slug, c.name AS card_name, pp.slug AS p_slug, pp.name AS p_name, a.slug AS a_slug, a.name AS a_name
       FROM ((SELECT id, created_at FROM interaction WHERE participant_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2)
             UNION
             (SELECT id, created_at FROM interaction WHERE associated_participant_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2)
             ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4) page
       JOIN interaction i ON i.id = page.id JOIN card c ON c.id = i.card_id JOIN participant pp ON pp.id = i.participant_id
       LEFT JOIN participant a ON a.id = i.associated_participant_id ORDER BY i.created_at DESC, i.id DESC`,
      [pid, limit + offset, limit, offset],
    ),
    pool.query(
      `SELECT ((SELECT count(*) FROM interaction WHERE participant_id = $1)
             + (SELECT count(*) FROM interaction WHERE associated_participant_id = $1 AND participant_id <> $1))::int AS n`,
      [pid],
    ),
  ]);
const profileCardsFloor = (id: number) =>
  pool.query("SELECT slug, name FROM card WHERE network_a_profile_id = $1 ORDER BY name, id LIMIT 20", [id]);

// ---------------------------------------------------------------- measure

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
async function time(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 2; i++) await fn();
  const xs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    xs.push(performance.now() - t0);
  }
  return xs;
}

interface TRead {
  page: string;
  read: string;
  call: () => Promise<unknown>;
  floor?: () => Promise<unknown>;
}
const reads: TRead[] = [
  {
    page: "/participants",
    read: "participants.list (default)",
    call: () => caller.participants.list({ limit: 50, offset: 0, include_total: true, include_user_data: true }),
  },
  { page: "/participants", read: "participants.types", call: () => caller.participants.types({}) },
  {
    page: "/participants/<busiest>",
    read: "participants.detail",
    call: () => caller.participants.detail({ slug: busiest.slug, include_user_data: true }),
  },
  {
    page: "/participants/<busiest>",
    read: "cards.list participants=<slug>",
    call: () => caller.cards.list({ participants: busiest.slug, limit: "10", include_total: "true" }),
  },
  {
    page: "/participants/<busiest>",
    read: "workspace.participantInteractions first page",
    call: () => caller.workspace.participantInteractions({ slug: busiest.slug, limit: 20, offset: 0 }),
    floor: () => interactionsPage(busiest.id, 20, 0),
  },
  {
    page: "/participants/<busiest>",
    read: `workspace.participantInteractions last page (offset ${lastOffset})`,
    call: () => caller.workspace.participantInteractions({ slug: busiest.slug, limit: 20, offset: lastOffset }),
    floor: () => interactionsPage(busiest.id, 20, lastOffset),
  },
  {
    page: "/participants/<fund>",
    read: "participants.detail",
    call: () => caller.participants.detail({ slug: fund.slug, include_user_data: true }),
  },
  {
    page: "/participants/<fund>",
    read: "cards.list participants=<slug>",
    call: () => caller.cards.list({ participants: fund.slug, limit: "10", include_total: "true" }),
  },
  {
    page: "/participants/<fund>",
    read: "workspace.participantInteractions first page",
    call: () => caller.workspace.participantInteractions({ slug: fund.slug, limit: 20, offset: 0 }),
    floor: () => interactionsPage(fund.id, 20, 0),
  },
  { page: "/founders", read: "account.me", call: () => caller.account.me() },
  { page: "/founders", read: "rawData.collections", call: () => caller.rawData.collections({ limit: "200" }) },
  { page: "/founders", read: "rawData.profiles (default)", call: () => caller.rawData.profiles({ include_total: "true" }) },
  {
    page: "/founders/collections/<largest>",
    read: "rawData.profiles collection=<slug>",
    call: () => caller.rawData.profiles({ include_total: "true", collection: largest.slug }),
  },
  { page: "/founders/<id>", read: "rawData.profile", call: () => caller.rawData.profile({ id: String(linked.id) }) },
  {
    page: "/founders/<id>",
    read: "workspace.profileCards",
    call: () => caller.workspace.profileCards({ id: String(linked.id) }),
    floor: () => profileCardsFloor(linked.id),
  },
];

const rows: Record<string, unknown>[] = [];
const p50 = new Map<TRead, number>();
for (const r of reads) {
  const xs = await time(r.call);
  p50.set(r, pct(xs, 50));
  const fl = r.floor ? await time(r.floor) : undefined;
  rows.push({
    page: r.page,
    read: r.read,
    "p50 ms": pct(xs, 50),
    "p95 ms": pct(xs, 95),
    "floor p50 ms": fl ? pct(fl, 50) : "",
    "floor p95 ms": fl ? pct(fl, 95) : "",
  });
}
// ---------------------------------------------------------------- first render of each page

const byName = (page: string, read: string) => reads.find((r) => r.page === page && r.read.startsWith(read))!;
const me = byName("/founders", "account.me");
const colls = byName("/founders", "rawData.collections");
const participantPage = (page: string) => [
  [byName(page, "participants.detail")],
  [byName(page, "cards.list"), byName(page, "workspace.participantInteractions first")],
];
const pages: [string, TRead[][]][] = [
  ["/participants", [[byName("/participants", "participants.list"), byName("/participants", "participants.types")]]],
  ["/participants/<busiest>", participantPage("/participants/<busiest>")],
  ["/participants/<fund>", participantPage("/participants/<fund>")],
  ["/founders", [[me], [colls, byName("/founders", "rawData.profiles")]]],
  ["/founders/collections/<largest>", [[me], [colls], [byName("/founders/collections/<largest>", "rawData.profiles")]]],
  ["/founders/<id>", [[me], [byName("/founders/<id>", "rawData.profile")], [byName("/founders/<id>", "workspace.profileCards")]]],
];
const renders = pages.map(([page, steps]) => ({
  page,
  steps: steps.map((step) => step.map((r) => r.read.split(" ")[0]).join(" + ")).join(" -> "),
  "reads p50 ms": steps.reduce((sum, step) => sum + Math.max(...step.map((r) => p50.get(r)!)), 0),
}));

printTable(
  `Workspace people pages' reads, tRPC caller, ${RUNS} calls each after 2 warm-up calls (${new URL(URL_).pathname.slice(1)})`,
  rows,
);
printTable("First render: the reads each page waits for (sum over its steps of the slowest p50; goal < 500 ms)", renders);

await pool.end();
await closeDatabase();
process.exit(0);
