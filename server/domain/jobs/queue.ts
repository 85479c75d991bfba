import type { TDb } from "~/server/db/client";
import { isDatabaseUnavailable } from "~/server/db/availability";
import { logger } from "~/server/lib/logger";

/**
 * The durable job queue (table `job`). Jobs survive restarts; a worker claims a batch with a lease
 * (`FOR UPDATE SKIP LOCKED`, so two workers never take the same job) and renews it while it works
 * (`renewJobs`, lease.ts); a job whose worker crashed is claimed again once its lease has expired.
 * `key` makes enqueueing idempotent per queue.
 */

export interface TJob<P = unknown> {
  id: bigint;
  queue: string;
  key: string | null;
  payload: P;
  attempts: number;
}

export async function enqueue(db: TDb, queue: string, payload: unknown, opts: { key?: string; runAt?: Date } = {}) {
  await db.$executeRaw`
    INSERT INTO job (queue, key, payload, status, run_at, updated_at)
    VALUES (${queue}, ${opts.key ?? null}, ${JSON.stringify(payload)}::jsonb, 'queued', ${opts.runAt ?? new Date()}, now())
    ON CONFLICT (queue, key) DO UPDATE
      SET payload = EXCLUDED.payload, status = 'queued', run_at = LEAST(job.run_at, EXCLUDED.run_at), updated_at = now()
      WHERE job.status <> 'running'`;
}

export async function claim<P>(db: TDb, queue: string, limit: number, leaseMs: number): Promise<TJob<P>[]> {
  const leaseUntil = new Date(Date.now() + leaseMs);
  return db.$queryRaw<TJob<P>[]>`
    UPDATE job SET status = 'running', lease_until = ${leaseUntil}, attempts = attempts + 1, updated_at = now()
     WHERE id IN (
       SELECT id FROM job
        WHERE queue = ${queue}
          AND ((status = 'queued' AND run_at <= now()) OR (status = 'running' AND lease_until < now()))
        ORDER BY run_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
    RETURNING id, queue, key, payload, attempts`;
}

/** Extends the lease of jobs still held by this claim (the attempt number is the claim's token). */
export async function renewJobs(db: TDb, jobs: Pick<TJob, "id" | "attempts">[], leaseUntil: Date): Promise<void> {
  if (jobs.length === 0) return;
  const held = JSON.stringify(jobs.map((j) => ({ id: j.id.toString(), attempts: j.attempts })));
  await db.$executeRaw`
    UPDATE job SET lease_until = ${leaseUntil}
      FROM jsonb_to_recordset(${held}::jsonb) AS x(id bigint, attempts int)
     WHERE job.id = x.id AND job.attempts = x.attempts AND job.status = 'running'`;
}

export async function complete(db: TDb, ids: bigint[]) {
  if (ids.length === 0) return;
  await db.$executeRaw`DELETE FROM job WHERE id = ANY(${ids}::bigint[]) AND status = 'running'`;
}

export async function fail(db: TDb, id: bigint, error: string, retryInMs?: number) {
  await db.$executeRaw`
    UPDATE job SET status = ${retryInMs === undefined ? "failed" : "queued"}, last_error = ${error.slice(0, 2000)},
           run_at = ${new Date(Date.now() + (retryInMs ?? 0))}, lease_until = NULL, updated_at = now()
     WHERE id = ${id}`;
}

export async function pendingCount(db: TDb, queue: string): Promise<number> {
  const rows = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM job WHERE queue = ${queue} AND status IN ('queued', 'running')`;
  return rows[0]?.n ?? 0;
}

/** How long a loop waits between tries while the database cannot be reached. */
const UNAVAILABLE_RETRY_MS = 5_000;

/**
 * Runs `tick` every `intervalMs` (immediately again while it reports work done) until stopped.
 * Errors are logged and the loop goes on. While the database cannot be reached (a restart, an
 * outage: server/db/availability.ts), the loop says so once, tries again every few seconds
 * instead of logging each failure, and says when it runs again. Returns a stop function that
 * waits for the current tick.
 */
export function startLoop(name: string, intervalMs: number, tick: () => Promise<number>): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let waitingSince: number | undefined;
  const run = async () => {
    if (stopped) return;
    let worked = 0;
    let wait = intervalMs;
    try {
      worked = await tick();
      if (waitingSince !== undefined) logger.info("background loop runs again", { loop: name, waitedMs: Date.now() - waitingSince });
      waitingSince = undefined;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) logger.error("background loop failed", { loop: name, error });
      else {
        if (waitingSince === undefined) logger.warn("background loop waits for the database", { loop: name });
        waitingSince ??= Date.now();
        wait = Math.max(intervalMs, UNAVAILABLE_RETRY_MS);
      }
    }
    if (!stopped) timer = setTimeout(() => (running = run()), worked > 0 ? 0 : wait);
  };
  timer = setTimeout(() => (running = run()), 0);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
