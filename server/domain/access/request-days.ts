import { isDatabaseUnavailable } from "~/server/db/availability";
import type { TDb } from "~/server/db/client";
import { logger } from "~/server/lib/logger";

/**
 * The per-day request counts of unlimited accounts (request_day, and token_request_day for API
 * token requests), which have no quota statement to fold them into (quota.ts): added up in this
 * process's memory and written in batches, one statement per flush, every FLUSH_EVERY_MS, at once
 * when PENDING_LIMIT keys are waiting, and when the process stops (flushRequestDays from the
 * service's stop path, server/main.ts). A request of an unlimited account therefore costs the
 * primary no statement of its own: with reads on a replica it costs the primary nothing.
 *
 * The usage page (requestsPerDay, requestsPerToken) is behind by at most one flush interval. A
 * flush that fails puts its counts back for the next one; counts of an account or token deleted in
 * the meantime are left out by the statement itself, so that one deletion cannot fail the batch.
 */

export const FLUSH_EVERY_MS = 1_000;
/** Keys (account or token, and day) waiting before a flush starts without waiting for the timer. */
const PENDING_LIMIT = 10_000;
/** Past this many keys waiting (flushes failing), new counts are dropped (logged) rather than kept. */
const PENDING_MAX = 4 * PENDING_LIMIT;

interface TPending {
  /** `${accountId} ${day}` -> requests */
  accounts: Map<string, number>;
  /** `${tokenId} ${day}` -> requests */
  tokens: Map<string, number>;
}

interface TBatchState {
  pending: TPending;
  db?: TDb;
  timer?: NodeJS.Timeout;
  /** The flush in progress (flushes run one after the other). */
  flushing: Promise<void>;
  dropped: number;
}

// On globalThis, like the database handle (server/db/client.ts): Next's bundled route handlers
// count into the same batch that the server's stop path flushes.
const g = globalThis as unknown as { __vmonRequestDays?: TBatchState };

function state(): TBatchState {
  g.__vmonRequestDays ??= { pending: empty(), flushing: Promise.resolve(), dropped: 0 };
  return g.__vmonRequestDays;
}

function empty(): TPending {
  return { accounts: new Map(), tokens: new Map() };
}

const size = (p: TPending) => p.accounts.size + p.tokens.size;

function add(map: Map<string, number>, key: string, n: number): void {
  map.set(key, (map.get(key) ?? 0) + n);
}

/**
 * Counts one request of an unlimited account for its UTC day `day` (YYYY-MM-DD), and for the API
 * token it was made with, if any. No database statement: the counts are written by the next flush
 * on `db` (the primary).
 */
export function countUnlimitedRequest(db: TDb, accountId: number, day: string, tokenId: number | null): void {
  const s = state();
  s.db = db;
  if (size(s.pending) >= PENDING_MAX) {
    if (s.dropped++ === 0) logger.warn("request counts of unlimited accounts are not being written: new ones are dropped");
    return;
  }
  add(s.pending.accounts, `${accountId} ${day}`, 1);
  if (tokenId !== null) add(s.pending.tokens, `${tokenId} ${day}`, 1);
  if (size(s.pending) >= PENDING_LIMIT) void flushRequestDays();
  else schedule(s);
}

/** Starts the timer of the next flush, unless one is started. */
function schedule(s: TBatchState): void {
  if (s.timer) return;
  s.timer = setTimeout(() => {
    s.timer = undefined;
    void flushRequestDays();
  }, FLUSH_EVERY_MS);
  // A process with nothing else to do is not kept alive by it: its stop path flushes.
  s.timer.unref();
}

/**
 * Writes the counts waiting now in one statement (after any flush in progress). Resolves when
 * they are written, or put back for the next flush when the statement failed (logged, never thrown).
 */
export function flushRequestDays(): Promise<void> {
  const s = state();
  s.flushing = s.flushing.then(() => flushOnce(s));
  return s.flushing;
}

async function flushOnce(s: TBatchState): Promise<void> {
  if (s.timer) {
    clearTimeout(s.timer);
    s.timer = undefined;
  }
  const batch = s.pending;
  if (size(batch) === 0 || !s.db) return;
  s.pending = empty();
  const accounts = split(batch.accounts);
  const tokens = split(batch.tokens);
  try {
    await s.db.$executeRaw`
      WITH account_days AS (
        INSERT INTO request_day (account_id, day, count)
        SELECT u.id, u.day, u.n FROM unnest(${accounts.ids}::int[], ${accounts.days}::date[], ${accounts.counts}::int[]) AS u(id, day, n)
         WHERE EXISTS (SELECT 1 FROM account a WHERE a.id = u.id)
        ON CONFLICT (account_id, day) DO UPDATE SET count = request_day.count + EXCLUDED.count
      )
      INSERT INTO token_request_day (token_id, day, count)
      SELECT u.id, u.day, u.n FROM unnest(${tokens.ids}::int[], ${tokens.days}::date[], ${tokens.counts}::int[]) AS u(id, day, n)
       WHERE EXISTS (SELECT 1 FROM api_token t WHERE t.id = u.id)
      ON CONFLICT (token_id, day) DO UPDATE SET count = token_request_day.count + EXCLUDED.count`;
    if (s.dropped > 0) {
      logger.warn("request counts of unlimited accounts are written again", { dropped: s.dropped });
      s.dropped = 0;
    }
  } catch (error) {
    // A database that cannot be reached is said once by the watch (server/db/watch.ts), without a stack here.
    const reason = isDatabaseUnavailable(error) ? { reason: "the database cannot be reached" } : { error };
    logger.warn("could not write the request counts of unlimited accounts: kept for the next flush", reason);
    for (const [k, n] of batch.accounts) add(s.pending.accounts, k, n);
    for (const [k, n] of batch.tokens) add(s.pending.tokens, k, n);
    schedule(s);
  }
}

function split(map: Map<string, number>): { ids: number[]; days: string[]; counts: number[] } {
  const ids: number[] = [];
  const days: string[] = [];
  const counts: number[] = [];
  for (const [key, n] of map) {
    const [id, day] = key.split(" ");
    ids.push(Number(id));
    days.push(day!);
    counts.push(n);
  }
  return { ids, days, counts };
}
