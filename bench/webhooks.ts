/**
 * npm run bench:webhooks — webhook delivery on PostgreSQL.
 *
 * A receiver runs in a child process (bench/lib/webhook-receiver.mjs) on 127.0.0.1
 * (WEBHOOKS_ALLOW_PRIVATE=1 for this process).
 *
 * 1. Throughput: BENCH_DELIVERIES (default 20,000) ping deliveries queued at once to BENCH_ENDPOINTS
 *    endpoints (default 8) on the fast receiver, drained by one worker (one DeliveryPool, the server's
 *    settings): deliveries/s, and the worker process's CPU per delivery (with the ceiling it sets on
 *    one free core: the machine is shared, so wall-clock rates vary with its load). Goal ≥ 1,000/s.
 * 2. Detection → delivery: the server's webhook workers (fan-out + pool) running; BENCH_RATE events
 *    per second (default 100) for BENCH_SECONDS (default 10) written to the outbox as the radar does;
 *    the delay from the event's timestamp (its detection) to its arrival at the receiver: p50, p95,
 *    max. Goal p95 < 1 s.
 * 3. Slow receiver: the same, while an endpoint whose receiver takes 2 s per request has a backlog of
 *    500 deliveries: the healthy endpoint's delays must not grow.
 *
 * Data: database `vm_bench_webhooks` (its webhook tables are truncated at each run and between phases).
 */
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { ensureDatabase } from "./lib/bench-db";
import { printTable } from "./lib/report";
import { createPrisma, type TDb } from "../server/db/client";
import { migrate } from "../server/db/migrate";
import { ensureAccount } from "../server/domain/accounts/accounts";
import { DeliveryPool } from "../server/domain/webhooks/deliver";
import { createEndpoint } from "../server/domain/webhooks/endpoints";
import { eventBody } from "../server/domain/webhooks/queue";
import { newWebhookId } from "../server/domain/webhooks/signing";
import { startWebhookWorkers } from "../server/domain/webhooks/worker";

process.env.WEBHOOKS_ALLOW_PRIVATE = "1";
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 20_000);
const ENDPOINTS = Number(process.env.BENCH_ENDPOINTS ?? 8);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const EVENT = "saved_filter.cards_matched";

interface TArrival {
  at: number;
  delay: number | null;
  id: string;
}

class ReceiverProcess {
  private child!: ChildProcess;
  port = 0;
  async start() {
    this.child = fork(fileURLToPath(new URL("./lib/webhook-receiver.mjs", import.meta.url)));
    this.port = await new Promise<number>((resolve) => this.child.once("message", (m: { port: number }) => resolve(m.port)));
  }
  private ask<T>(type: string): Promise<T> {
    return new Promise((resolve) => {
      this.child.once("message", (m: T) => resolve(m));
      this.child.send({ type });
    });
  }
  stats = () => this.ask<{ arrivals: { fast: TArrival[]; slow: TArrival[] } }>("stats").then((m) => m.arrivals);
  reset = () => this.ask("reset");
  stop = () => this.child.send({ type: "stop" });
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : NaN;
};

async function pendingCount(db: TDb): Promise<number> {
  const [r] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM webhook_delivery WHERE status <> 'succeeded'`;
  return r!.n;
}

async function throughput(db: TDb, urls: string[], endpointIds: number[]) {
  const body = eventBody("ping", { message: "bench" });
  const rows = Array.from({ length: DELIVERIES }, (_, i) => ({
    endpoint_id: endpointIds[i % endpointIds.length]!,
    webhook_id: newWebhookId(),
  }));
  for (let i = 0; i < rows.length; i += 5000) {
    await db.$executeRaw`
      INSERT INTO webhook_delivery (endpoint_id, event_type, webhook_id, body, status, next_attempt_at)
      SELECT x.endpoint_id, 'ping', x.webhook_id, ${body}, 'pending', now()
        FROM jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + 5000))}::jsonb) AS x(endpoint_id int, webhook_id text)`;
  }
  const started = performance.now();
  const cpu = process.cpuUsage();
  const pool = new DeliveryPool(db).start();
  while ((await pendingCount(db)) > 0) await new Promise((r) => setTimeout(r, 50));
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  await pool.stop();
  return {
    deliveries: DELIVERIES,
    endpoints: urls.length,
    seconds: Number(seconds.toFixed(2)),
    per_second: Math.round(DELIVERIES / seconds),
    // The worker's own CPU per delivery: what one free core could deliver, whatever else runs.
    worker_cpu_us_per_delivery: Math.round((used.user + used.system) / DELIVERIES),
    one_core_ceiling_per_second: Math.round(1e6 / ((used.user + used.system) / DELIVERIES)),
  };
}

/** Writes RATE outbox events per second for SECONDS to the account (as the radar's statements do). */
async function produce(db: TDb, accountId: number): Promise<number> {
  const interval = 1000 / RATE;
  const total = RATE * SECONDS;
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    await db.$executeRaw`
      INSERT INTO domain_event (account_id, type, data, pending) VALUES (${accountId}, ${EVENT}, ${JSON.stringify({ n: i })}::jsonb, ARRAY['webhooks'])`;
    const next = started + (i + 1) * interval;
    const wait = next - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  return total;
}

async function waitArrivals(rx: ReceiverProcess, n: number, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const a = await rx.stats();
    if (a.fast.length >= n || Date.now() > until) return a;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function main() {
  const { url } = await ensureDatabase("vm_bench_webhooks");
  await migrate(url);
  const db = createPrisma(url, 8);
  // TRUNCATE, not DELETE: the local server runs without autovacuum, and dead rows of earlier runs
  // would slow the queue's claims.
  const empty = () => db.$executeRaw`TRUNCATE webhook_delivery, domain_event, webhook_endpoint`;
  await empty();
  const rx = new ReceiverProcess();
  await rx.start();
  try {
    const a = await ensureAccount(db, "bench-webhooks@example.test", {});
    const fastUrls = Array.from({ length: ENDPOINTS }, (_, i) => `http://127.0.0.1:${rx.port}/fast/${i}`);
    const fast = [];
    for (const u of fastUrls) fast.push(await createEndpoint(db, a.id, { url: u, events: ["radar.update.created"] }));
    const t = await throughput(
      db,
      fastUrls,
      fast.map((e) => e.id),
    );
    printTable("1. Throughput: one worker, queued deliveries to a local receiver (goal ≥ 1,000/s)", [t]);
    await empty();
    await rx.reset();

    // 2. Detection → delivery with the server's workers.
    const b = await ensureAccount(db, "bench-webhooks-live@example.test", {});
    await createEndpoint(db, b.id, { url: `http://127.0.0.1:${rx.port}/fast/live`, events: [EVENT] });
    const stop = startWebhookWorkers(db, {});
    const rows: Record<string, unknown>[] = [];
    try {
      const n = await produce(db, b.id);
      const arrived = await waitArrivals(rx, n);
      const delays = arrived.fast.map((x) => x.delay!).filter((d) => d !== null);
      rows.push({
        case: "healthy receiver",
        events: n,
        delivered: arrived.fast.length,
        p50_ms: pct(delays, 50),
        p95_ms: pct(delays, 95),
        max_ms: Math.max(...delays),
      });
      await rx.reset();

      // 3. The same with a slow endpoint (2 s per request) holding a backlog.
      const slow = await createEndpoint(db, b.id, { url: `http://127.0.0.1:${rx.port}/slow/1`, events: ["radar.update.created"] });
      const body = eventBody("ping", { message: "slow" });
      await db.$executeRaw`
        INSERT INTO webhook_delivery (endpoint_id, event_type, webhook_id, body, status, next_attempt_at)
        SELECT ${slow.id}, 'ping', 'msg_slow_' || g, ${body}, 'pending', now() FROM generate_series(1, 500) g`;
      const m = await produce(db, b.id);
      const arrived2 = await waitArrivals(rx, m);
      const delays2 = arrived2.fast.map((x) => x.delay!).filter((d) => d !== null);
      rows.push({
        case: "with a slow endpoint's backlog (500 × 2 s)",
        events: m,
        delivered: arrived2.fast.length,
        p50_ms: pct(delays2, 50),
        p95_ms: pct(delays2, 95),
        max_ms: Math.max(...delays2),
        slow_delivered: arrived2.slow.length,
      });
    } finally {
      await stop();
    }
    printTable(`2-3. Detection → delivery, ${RATE} events/s for ${SECONDS} s (goal p95 < 1,000 ms)`, rows);
  } finally {
    rx.stop();
    await db.$disconnect();
  }
}

await main();
