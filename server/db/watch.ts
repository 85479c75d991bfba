import { logger } from "../lib/logger";
import { isDatabaseUnavailable } from "./availability";
import { driverOf, openDatabase } from "./client";

/**
 * Whether this process's database answers, for `/readyz` (server/health.ts) and for the watch that
 * long-running processes (the server, `vmon worker`) keep on it.
 */

/** How long a readiness check waits for the database's answer. */
const PING_TIMEOUT_MS = 2_000;

export type TPing = { ok: true } | { ok: false; reason: string; unreachable: boolean };

/** `SELECT 1` on the process's pool, within `timeoutMs`. */
async function ping(timeoutMs: number): Promise<TPing> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<TPing>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, reason: `the database did not answer within ${timeoutMs} ms`, unreachable: false }),
      timeoutMs,
    );
  });
  const answer = (async (): Promise<TPing> => {
    const { prisma } = await openDatabase();
    const driver = driverOf(prisma);
    if (driver) await driver.pool.query("SELECT 1");
    else await prisma.$queryRaw`SELECT 1`;
    return { ok: true };
  })().catch((err: unknown): TPing => ({
    ok: false,
    reason: isDatabaseUnavailable(err) ? "the database cannot be reached" : "the database answered with an error",
    unreachable: isDatabaseUnavailable(err),
  }));
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long a "ready" is reused: a balancer probing every second costs one statement a second. */
const READY_CACHE_MS = 1_000;
let lastReady: { at: number; ping: Promise<TPing> } | undefined;

/**
 * The database's readiness. Concurrent callers share one check; a "ready" answer is reused for
 * a second, a failure only while its check runs (the next caller checks again, so recovery shows
 * at once).
 */
export function readiness(): Promise<TPing> {
  const now = Date.now();
  if (!lastReady || now - lastReady.at >= READY_CACHE_MS) {
    const check = { at: now, ping: ping(PING_TIMEOUT_MS) };
    lastReady = check;
    void check.ping.then((result) => {
      if (!result.ok && lastReady === check) lastReady = undefined;
    });
  }
  return lastReady.ping;
}

export interface TWatchOptions {
  /** Checks every this often (default 5 s). */
  everyMs?: number;
  /**
   * After the database has been unreachable (refused or cut connections, not merely slow) this
   * long, `onGone` runs. Unset: never (PostgreSQL comes back, and the pools reconnect).
   */
  goneAfterMs?: number;
  onGone?: (downForMs: number) => void;
}

/**
 * Checks the database every few seconds: logs once when it stops answering and once when it is
 * back (the requests meanwhile answer 503, server/db/availability.ts), and calls `onGone` when it
 * stayed unreachable for `goneAfterMs`. The timer never keeps the process alive. Returns the stop.
 */
export function watchDatabase({ everyMs = 5_000, goneAfterMs, onGone }: TWatchOptions = {}): () => void {
  let downSince: number | undefined;
  let unreachableSince: number | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const check = async () => {
    const result = await ping(PING_TIMEOUT_MS);
    if (stopped) return;
    const now = Date.now();
    if (result.ok) {
      if (downSince !== undefined) logger.info("the database answers again", { downForMs: now - downSince });
      downSince = unreachableSince = undefined;
    } else {
      if (downSince === undefined) {
        downSince = now;
        logger.warn("the database does not answer; requests get 503 until it does", { reason: result.reason });
      }
      unreachableSince = result.unreachable ? (unreachableSince ?? now) : undefined;
      if (goneAfterMs !== undefined && unreachableSince !== undefined && now - unreachableSince >= goneAfterMs) {
        onGone?.(now - unreachableSince);
        return;
      }
    }
    timer = setTimeout(() => void check(), everyMs);
    timer.unref();
  };
  timer = setTimeout(() => void check(), everyMs);
  timer.unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
