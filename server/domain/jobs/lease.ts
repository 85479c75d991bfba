import { logger } from "~/server/lib/logger";

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
  const beat = (leaseUntil: () => Date) => {
    current = current.then(() =>
      renew(leaseUntil()).catch((error: unknown) => logger.warn("could not renew a lease", { queue: name, error })),
    );
    return current;
  };
  const timer = setInterval(() => beat(() => new Date(Date.now() + leaseMs)), timing.renewEveryMs ?? RENEW_EVERY_MS);
  timer.unref();
  const holder: THolder = {
    release: () => {
      clearInterval(timer);
      holders.delete(holder);
      // A lease that ended a moment ago: the rows can be claimed by another worker now.
      return beat(() => new Date(Date.now() - 1_000));
    },
  };
  holders.add(holder);
  return async () => {
    clearInterval(timer);
    holders.delete(holder);
    await current;
  };
}

interface THolder {
  release(): Promise<unknown>;
}

/** The leases this process holds now (keepLeases adds, its stop function removes). */
const holders = new Set<THolder>();

/**
 * Gives up every lease this process holds, for a process that must stop before its work is done:
 * what it claimed can be claimed by another worker at once instead of when the lease runs out. The
 * work still running in this process may finish too (a job done twice, never lost: the queues
 * deliver at least once). Returns how many claims were given back.
 */
export async function releaseLeases(): Promise<number> {
  const all = [...holders];
  await Promise.all(all.map((h) => h.release()));
  return all.length;
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
