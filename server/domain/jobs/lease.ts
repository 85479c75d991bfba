import { logger } from "../../lib/logger";

/**
 * Leases of claimed work (jobs, webhook deliveries, radar applications). A worker holds what it
 * claimed for LEASE_MS and renews the lease every RENEW_EVERY_MS while it works, however long
 * the work takes; a worker that crashed stops renewing, and its work is claimed again by another
 * worker once the lease has passed: within LEASE_MS, instead of the longest time the work may take.
 */
export const LEASE_MS = 20_000;
const RENEW_EVERY_MS = 5_000;

export interface TLeaseTiming {
  /** How long a claim (and each renewal) holds the rows. */
  leaseMs?: number;
  /** How often the lease is renewed while the work runs. */
  renewEveryMs?: number;
}

/**
 * Calls `renew(leaseUntil)` every `renewEveryMs` until the result is called (which waits for a
 * renewal in progress). A failed renewal is logged and tried again at the next beat: the lease
 * still holds for `leaseMs - renewEveryMs` after the last success.
 */
export function keepLeases(name: string, renew: (leaseUntil: Date) => Promise<unknown>, timing: TLeaseTiming = {}): () => Promise<void> {
  const leaseMs = timing.leaseMs ?? LEASE_MS;
  let current: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    current = current.then(() =>
      renew(new Date(Date.now() + leaseMs)).catch((error: unknown) => logger.warn("could not renew a lease", { queue: name, error })),
    );
  }, timing.renewEveryMs ?? RENEW_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await current;
  };
}

/** Runs `work` while renewing the lease of what it holds (keepLeases). */
export async function whileLeased<T>(
  name: string,
  renew: (leaseUntil: Date) => Promise<unknown>,
  timing: TLeaseTiming,
  work: () => Promise<T>,
): Promise<T> {
  const stop = keepLeases(name, renew, timing);
  try {
    return await work();
  } finally {
    await stop();
  }
}
