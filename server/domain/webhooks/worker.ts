import type { TDb } from "~/server/db/client";
import { startLoop } from "../jobs/queue";
import { DeliveryPool, type TPoolOptions } from "./deliver";
import { fanOut } from "./fan-out";
import { SAVED_FILTER_CHECK_MS, savedFilterTick } from "./saved-filters";

/**
 * Webhooks' background work in the server process (or `vmon worker`): the fan-out loop turns
 * outbox events into deliveries (every 200 ms when idle, at once while there is work) and pokes the
 * delivery pool, which claims due deliveries (every 200 ms when idle); a third loop checks saved
 * filters for new matches every 5 minutes and when an import asks for it (saved-filters.ts). All are safe with several processes on one database.
 */
export function startWebhookWorkers(db: TDb, opts: TPoolOptions & { fanOutMs?: number; savedFilterMs?: number } = {}) {
  const pool = new DeliveryPool(db, opts).start();
  const stopFanOut = startLoop("webhooks-fanout", opts.fanOutMs ?? 200, async () => {
    const r = await fanOut(db);
    if (r.deliveries > 0) pool.poke();
    return r.events;
  });
  // Every second: is a check asked for (an import finished) or due (the schedule's period)?
  let lastRun = 0;
  const stopFilters = startLoop("webhooks-saved-filters", 1000, async () => {
    if (await savedFilterTick(db, lastRun, opts.savedFilterMs ?? SAVED_FILTER_CHECK_MS)) lastRun = Date.now();
    return 0;
  });
  return async () => {
    await Promise.all([stopFanOut(), stopFilters(), pool.stop()]);
  };
}
