import type { TDb } from "~/server/db/client";
import type { TEventData } from "../events/log";
import { startLoop } from "../jobs/queue";
import { DeliveryPool, type TPoolOptions } from "./deliver";
import { fanOut } from "./fan-out";

/**
 * Webhooks' background work in the server process (or `vmon worker`): the fan-out loop turns the
 * events that name the webhooks into deliveries (every 200 ms when idle, at once while there is
 * work), with each event's data built by `data` (the producing domains' builders), and pokes the
 * delivery pool, which claims due deliveries (every 200 ms when idle). Both are safe with several
 * processes on one database.
 */
export function startWebhookWorkers(db: TDb, data: TEventData, opts: TPoolOptions & { fanOutMs?: number } = {}) {
  const pool = new DeliveryPool(db, opts).start();
  const stopFanOut = startLoop("webhooks-fanout", opts.fanOutMs ?? 200, async () => {
    const r = await fanOut(db, data);
    if (r.deliveries > 0) pool.poke();
    return r.events;
  });
  return async () => {
    await Promise.all([stopFanOut(), pool.stop()]);
  };
}
