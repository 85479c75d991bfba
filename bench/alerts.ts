/**
 * npm run bench:alerts — saved-filter alerts and their daily digests on PostgreSQL.
 *
 * Data (database `vm_bench_alerts`, made once and reused; bench/lib/alerts-data.ts): BENCH_CARDS
 * cards (default 1,000,000) generated in SQL over the demo's reference data, BENCH_ACCOUNTS
 * analysts (10,000) with BENCH_FILTERS saved filters each (20), all followed, each getting its
 * saved-filter notifications as a daily digest at the hour of the run in its zone; and 20 accounts
 * with 1,000 unread notifications each for the bell.
 *
 * A run: BENCH_CHANGED cards (5,000; half new, half updated) through ordinary INSERT and UPDATE
 * statements (the product's triggers fire; each statement timed); the alert run
 * (runSavedFilterMatcher and notifyFromEvents); the e-mail run (runEmailDeliveries, the worker's e-mail function) into
 * an SMTP server in this process that accepts at once, then a second run at the same clock, checking
 * that each account notified got exactly one digest; beside it, the naive way: a sample
 * of BENCH_NAIVE_SAMPLE (40) distinct followed filters run over the whole card table (count and
 * ids), extrapolated to every distinct filter; and the bell's unread count (inbox.ts unreadCount,
 * what the header calls) p50/p95. Goals (issue #40): the daily run (alerts + digests) < 2 min,
 * every digest sent once, the bell p50 < 5 ms.
 */
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { SMTPServer } from "smtp-server";
import { ensureDatabase } from "./lib/bench-db";
import { median } from "./lib/load";
import { printTable } from "./lib/report";
import {
  BELL_ACCOUNTS,
  changeCards,
  ensureAnalysts,
  ensureCards,
  followAll,
  followedFilters,
  importReference,
  ZONES,
} from "./lib/alerts-data";
import { createPrisma, type TDb } from "../server/db/client";
import { migrate } from "../server/db/migrate";
import { resetEnvCache } from "../server/env";
import { buildCardWhere } from "../server/domain/cards/filters";
import { ZCardFilterParams } from "../server/domain/cards/filter-schema";
import { notifyFromEvents } from "../server/domain/notifications/from-events";
import { filterSignature, runSavedFilterMatcher } from "../server/domain/saved-filters/matcher";
import { runEmailDeliveries } from "../server/domain/notifications/email";
import { unreadCount } from "../server/domain/notifications/inbox";

const CARDS = Number(process.env.BENCH_CARDS ?? 1_000_000);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 10_000);
const FILTERS = Number(process.env.BENCH_FILTERS ?? 20);
const CHANGED = Number(process.env.BENCH_CHANGED ?? 5_000);
const NAIVE_SAMPLE = Number(process.env.BENCH_NAIVE_SAMPLE ?? 40);
const BELL_READS = 50;
const DB_NAME = process.env.BENCH_DB ?? "vm_bench_alerts";

const log = (s: string) => process.stderr.write(`${s}\n`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
const seconds = (ms: number) => Math.round(ms / 100) / 10;

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? 0;
}

/** An SMTP server that accepts every message at once and counts them per recipient. */
async function smtpSink() {
  const perRecipient = new Map<string, number>();
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      stream.on("data", () => undefined);
      stream.on("end", () => {
        for (const r of session.envelope.rcptTo) perRecipient.set(r.address, (perRecipient.get(r.address) ?? 0) + 1);
        callback(null);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, perRecipient, stop: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The local hour of `at` in `zone`. */
function hourIn(at: Date, zone: string): number {
  return Number(new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", hour: "numeric" }).format(at));
}

/**
 * Clears what an earlier run left (notifications, digests, the alert bookkeeping, pending changes)
 * and sets every analyst's digest hour to the hour of `mailAt` in its zone, so each digest is due
 * in this run's e-mail run and holds what the alert run made before it.
 */
async function resetRun(db: TDb, mailAt: Date): Promise<void> {
  await db.$executeRaw`DELETE FROM notification WHERE kind = 'saved_filter'`;
  await db.$executeRaw`DELETE FROM mail_digest`;
  await db.$executeRaw`TRUNCATE vm_saved_filter_alert_seen, vm_card_change`;
  await db.$executeRaw`
    UPDATE notification_settings s SET digest_hour = z.hour
      FROM unnest(${ZONES}::text[], ${ZONES.map((z) => hourIn(mailAt, z))}::int[]) AS z(zone, hour)
     WHERE s.time_zone = z.zone`;
  for (const t of ["notification", "mail_digest", "vm_saved_filter_alert_seen", "vm_card_change", "card", "card_category", "vm_card_word"])
    await db.$executeRawUnsafe(`VACUUM ANALYZE ${t}`);
}

/** The followed filters' distinct signatures, one (account, params) each. */
async function distinctFilters(db: TDb) {
  const rows = await followedFilters(db);
  const bySignature = new Map<string, { accountId: number; params: Record<string, unknown> }>();
  for (const r of rows) {
    const s = filterSignature(r.account_id, r.params);
    if (!bySignature.has(s)) bySignature.set(s, { accountId: r.account_id, params: r.params });
  }
  return { followed: rows.length, distinct: [...bySignature.values()] };
}

/** A sample of distinct filters over the whole card table (count, then ids): ms per filter. */
async function naive(db: TDb, filters: { accountId: number; params: Record<string, unknown> }[]) {
  const times: number[] = [];
  const step = Math.max(1, Math.floor(filters.length / NAIVE_SAMPLE));
  for (let i = 0; i < filters.length && times.length < NAIVE_SAMPLE; i += step) {
    const f = filters[i]!;
    const started = performance.now();
    const where = await buildCardWhere(db, f.accountId, { ...ZCardFilterParams.parse(f.params), semantic: undefined });
    if (!where.empty) {
      await db.$queryRaw`SELECT count(*)::int AS n FROM card c WHERE ${where.sql}`;
      await db.$queryRaw`SELECT c.id FROM card c WHERE ${where.sql}`;
    }
    times.push(performance.now() - started);
  }
  return times;
}

async function bell(db: TDb, accountIds: number[]) {
  const times: number[] = [];
  for (let k = 0; k < BELL_READS; k++) {
    for (const id of accountIds) {
      const started = performance.now();
      await unreadCount(db, id);
      times.push(performance.now() - started);
    }
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function main() {
  const { url } = await ensureDatabase(DB_NAME);
  await migrate(url);
  const db = createPrisma(url, 4);
  const gen = createPrisma(url, 1);
  try {
    log(`data: ${DB_NAME}, ${CARDS} cards, ${ACCOUNTS} analysts × ${FILTERS} filters`);
    await importReference(db);
    await ensureCards(gen, CARDS, log);
    await ensureAnalysts(db, ACCOUNTS, FILTERS, log);
    await followAll(db);
    const { followed, distinct } = await distinctFilters(db);
    const cardCount = Number((await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM card`)[0]!.n);

    // The e-mail run's clock: an hour ahead, so that the digest period starting at its hour holds
    // every notification the alert run makes now.
    const mailAt = new Date(Date.now() + 3600_000);
    await resetRun(db, mailAt);
    const loadBefore = load();

    log("changing cards…");
    const inserted = Math.floor(CHANGED / 2);
    const change = await changeCards(gen, cardCount + 1, inserted, CHANGED - inserted, CARDS);
    const pendingChanges = Number((await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM vm_card_change`)[0]!.n);

    log("alert run…");
    let t = performance.now();
    const matched = await runSavedFilterMatcher(db);
    const alerts = { ...matched, notifications: (await notifyFromEvents(db)).notifications };
    const alertMs = performance.now() - t;

    log("e-mail run…");
    const smtp = await smtpSink();
    process.env.SMTP_URL = smtp.url;
    process.env.BASE_URL = "http://127.0.0.1:3000";
    resetEnvCache();
    t = performance.now();
    const mail = await runEmailDeliveries(db, { now: mailAt, base: process.env.BASE_URL });
    const mailMs = performance.now() - t;
    // A second run at the same clock finds nothing left to send (each digest once).
    const again = await runEmailDeliveries(db, { now: mailAt, base: process.env.BASE_URL });
    await smtp.stop();

    const notified = await db.$queryRaw<{ email: string }[]>`
      SELECT a.email FROM account a WHERE EXISTS (SELECT 1 FROM notification n WHERE n.account_id = a.id AND n.kind = 'saved_filter')`;
    const got = smtp.perRecipient;
    const missing = notified.filter((a) => !got.has(a.email)).length;
    const duplicates = [...got.values()].filter((n) => n > 1).length;
    const sent = [...got.values()].reduce((a, b) => a + b, 0);

    log("naive comparison…");
    const naiveTimes = await naive(db, distinct);
    const naiveEstimate = (median(naiveTimes) * distinct.length) / 1000;
    const naiveMean = (naiveTimes.reduce((a, b) => a + b, 0) / naiveTimes.length) * (distinct.length / 1000);

    log("bell…");
    const bellIds = (
      await db.$queryRaw<{ id: number }[]>`SELECT id FROM account WHERE email LIKE 'bell%@bench-alerts.example' ORDER BY id`
    ).map((r) => r.id);
    const analystIds = (
      await db.$queryRaw<{ id: number }[]>`
      SELECT DISTINCT account_id AS id FROM notification WHERE kind = 'saved_filter' ORDER BY 1 LIMIT ${BELL_ACCOUNTS}`
    ).map((r) => r.id);
    const bellMany = await bell(db, bellIds);
    const bellFew = await bell(db, analystIds);

    printTable("bench:alerts", [
      {
        cards: cardCount + inserted,
        accounts: ACCOUNTS,
        "followed filters": followed,
        "distinct signatures": distinct.length,
        changed: pendingChanges,
        "insert s": seconds(change.insertMs),
        "update s": seconds(change.updateMs),
      },
    ]);
    printTable("daily run", [
      {
        "alert run s": seconds(alertMs),
        notifications: alerts.notifications,
        "digest run s": seconds(mailMs),
        "digests sent": mail.digests,
        "second run sends": again.digests + again.instant,
        "e-mails received": sent,
        "accounts notified": notified.length,
        "accounts without digest": missing,
        duplicates,
        failed: mail.failed + again.failed,
        "daily run s": seconds(alertMs + mailMs),
      },
    ]);
    printTable("naive and bell", [
      {
        "naive sample": naiveTimes.length,
        "naive ms/filter p50": Math.round(median(naiveTimes)),
        "naive estimate s (p50 × distinct)": Math.round(naiveEstimate),
        "naive estimate s (mean × distinct)": Math.round(naiveMean),
        "bell p50/p95 ms, 1,000 unread": `${bellMany.p50.toFixed(2)} / ${bellMany.p95.toFixed(2)}`,
        "bell p50/p95 ms, analysts": `${bellFew.p50.toFixed(2)} / ${bellFew.p95.toFixed(2)}`,
        "load before": loadBefore,
        "load after": load(),
      },
    ]);
  } finally {
    await db.$disconnect();
    await gen.$disconnect();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
