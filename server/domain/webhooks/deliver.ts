import { isDatabaseUnavailable } from "~/server/db/availability";
import type { TDb } from "~/server/db/client";
import { logger } from "~/server/lib/logger";
import { keepLeases, type TLeaseTiming } from "../jobs/lease";
import { claimDeliveries, recordOutcomes, renewDeliveries, type TClaimedDelivery, type TDeliveryOutcome } from "./queue";
import { sendOnce, TIMEOUT_MS } from "./send";
import { signedHeaders } from "./signing";

/** How often claims are tried while the database cannot be reached. */
const DB_WAIT_MS = 5_000;

/**
 * Delivering claimed rows: `attempt` makes one signed request; `DeliveryPool` is the worker's
 * engine (a global pool of concurrent requests with a per-endpoint in-flight limit, so a slow
 * receiver holds at most `perEndpoint` of the pool's slots while the others keep flowing);
 * results are written in batches (one statement per batch). The pool renews the lease of the rows
 * it holds while they are in flight (server/domain/jobs/lease.ts). A process killed mid-request
 * leaves its rows `delivering` under a lease it no longer renews: another worker (or this one
 * after a restart) claims them again when the lease has passed (20 s), with the same webhook-id
 * (at least once).
 */

async function attempt(row: TClaimedDelivery, timeoutMs = TIMEOUT_MS): Promise<TDeliveryOutcome> {
  const attemptedAt = new Date();
  const secrets = row.previous_secret ? [row.secret, row.previous_secret] : [row.secret];
  const headers = signedHeaders(secrets, row.webhook_id, row.body, attemptedAt);
  let r;
  try {
    r = await sendOnce(row.url, headers, row.body, timeoutMs);
  } catch (err) {
    logger.error("webhook attempt failed unexpectedly", { delivery: row.id.toString(), error: err });
    r = { ok: false, status: null, body: null, error: "internal error while sending", durationMs: 0 };
  }
  return { id: row.id, attempts: row.attempts, ...r, headers, attemptedAt };
}

export interface TPoolOptions extends TLeaseTiming {
  /** Requests in flight at once in this process. */
  concurrency?: number;
  /** Requests in flight at once to one endpoint. */
  perEndpoint?: number;
  /** How often to look for due deliveries when idle. */
  pollMs?: number;
  timeoutMs?: number;
}

export class DeliveryPool {
  private readonly concurrency: number;
  private readonly perEndpoint: number;
  private readonly pollMs: number;
  private readonly refill: number;
  private readonly inflight = new Map<number, number>();
  private running = 0;
  private stopped = false;
  private claiming = false;
  /** The last claim failed because the database could not be reached. */
  private dbWaiting = false;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private outcomes: TDeliveryOutcome[] = [];
  private flushing: Promise<void> | undefined;
  private readonly idleWaiters: (() => void)[] = [];
  /** Rows claimed and not yet written back, whose lease this pool renews. */
  private readonly held = new Map<bigint, number>();
  private stopRenewing: (() => Promise<void>) | undefined;
  delivered = 0;

  constructor(
    private readonly db: TDb,
    private readonly opts: TPoolOptions = {},
  ) {
    this.concurrency = opts.concurrency ?? 64;
    this.perEndpoint = opts.perEndpoint ?? 4;
    this.pollMs = opts.pollMs ?? 200;
    this.refill = Math.max(1, Math.floor(this.concurrency / 4));
  }

  start(): this {
    this.stopRenewing ??= keepLeases("webhook-deliveries", (until) => renewDeliveries(this.db, this.heldRows(), until), this.opts);
    this.pump();
    return this;
  }

  private heldRows() {
    return [...this.held].map(([id, attempts]) => ({ id, attempts }));
  }

  /** Looks for due work now (called after enqueueing, to skip the poll delay). */
  poke(): void {
    this.pump();
  }

  private schedule(ms: number) {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.pump();
    }, ms);
  }

  private pump(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    const free = this.concurrency - this.running;
    if (free <= 0) return;
    this.claiming = true;
    this.again = false;
    const busy = [...this.inflight].filter(([, n]) => n >= this.perEndpoint).map(([id]) => id);
    claimDeliveries(this.db, { limit: free, perEndpoint: this.perEndpoint, busy, leaseMs: this.opts.leaseMs })
      .then((rows) => {
        for (const row of rows) this.dispatch(row);
        return rows.length;
      })
      .then((rows) => {
        if (this.dbWaiting) logger.info("webhook deliveries run again");
        this.dbWaiting = false;
        return rows;
      })
      .catch((error: unknown) => {
        // The database gone for a while (a restart): said once, tried again every few seconds.
        if (!isDatabaseUnavailable(error)) logger.error("webhook claim failed", { error });
        else if (!this.dbWaiting) logger.warn("webhook deliveries wait for the database");
        this.dbWaiting ||= isDatabaseUnavailable(error);
        return 0;
      })
      .then((claimed) => {
        this.claiming = false;
        if (this.again || claimed === free) queueMicrotask(() => this.pump());
        else this.schedule(this.dbWaiting ? Math.max(this.pollMs, DB_WAIT_MS) : this.pollMs);
        if (claimed === 0 && this.running === 0) this.notifyIdle();
      });
  }

  private dispatch(row: TClaimedDelivery) {
    this.held.set(row.id, row.attempts);
    this.running += 1;
    this.inflight.set(row.endpoint_id, (this.inflight.get(row.endpoint_id) ?? 0) + 1);
    void attempt(row, this.opts.timeoutMs).then((outcome) => {
      this.running -= 1;
      const left = (this.inflight.get(row.endpoint_id) ?? 1) - 1;
      if (left > 0) this.inflight.set(row.endpoint_id, left);
      else this.inflight.delete(row.endpoint_id);
      this.outcomes.push(outcome);
      this.flush();
      // Claim in batches: once a quarter of the slots are free (or the pool ran dry), not per reply.
      if (this.concurrency - this.running >= this.refill || this.running === 0) this.pump();
    });
  }

  private flush(): void {
    if (this.flushing) return;
    this.flushing = (async () => {
      while (this.outcomes.length > 0) {
        const batch = this.outcomes.splice(0, 500);
        try {
          await recordOutcomes(this.db, batch);
          this.delivered += batch.filter((o) => o.ok).length;
        } catch (error) {
          // Left `delivering`: claimed again once the lease passes (delivered at least once).
          logger.error("webhook results not recorded", { error, deliveries: batch.length });
        }
        for (const o of batch) if (this.held.get(o.id) === o.attempts) this.held.delete(o.id);
      }
      this.flushing = undefined;
      if (this.running === 0) this.notifyIdle();
    })();
  }

  private notifyIdle() {
    if (this.running > 0 || this.outcomes.length > 0 || this.flushing) return;
    for (const w of this.idleWaiters.splice(0)) w();
  }

  /** Resolves when nothing is in flight, nothing is left to write and the last claim found nothing. */
  idle(): Promise<void> {
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.pump();
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    while (this.running > 0 || this.claiming) await new Promise((r) => setTimeout(r, 20));
    this.flush();
    await this.flushing;
    await this.stopRenewing?.();
    this.stopRenewing = undefined;
  }
}

/** Delivers everything due now, then returns (tests, `vmon`): one pool run until idle. */
export async function deliverDue(db: TDb, opts: TPoolOptions = {}): Promise<number> {
  const pool = new DeliveryPool(db, opts);
  const before = pool.delivered;
  pool.start();
  await pool.idle();
  await pool.stop();
  return pool.delivered - before;
}
