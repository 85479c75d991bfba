import type { TDb } from "~/server/db/client";
import { logger } from "~/server/lib/logger";
import { startLoop } from "../jobs/queue";
import { processBatch } from "./process";
import { REFRESH_INTERVAL_MS, refreshBatch } from "./refresh";

/**
 * Radar's background work in the server process: one loop drains the application queue (a batch
 * per tick, again at once while there is work, else every second); another refreshes tracked
 * connections not refreshed for REFRESH_INTERVAL_MS (checked every minute). Both are safe to run
 * in several processes at once (see process.ts and refresh.ts). Returns the stop function.
 */
export function startRadarWorkers(db: TDb, opts: { pollMs?: number; refreshCheckMs?: number; refreshIntervalMs?: number } = {}) {
  const stopProcess = startLoop("radar-process", opts.pollMs ?? 1000, async () => {
    const r = await processBatch(db);
    if (r.claimed > 0) logger.info("radar applications processed", { ...r });
    return r.claimed;
  });
  const stopRefresh = startLoop("radar-refresh", opts.refreshCheckMs ?? 60_000, async () => {
    const [now] = await db.$queryRaw<{ t: Date }[]>`SELECT now() AS t`;
    const cutoff = new Date(now!.t.getTime() - (opts.refreshIntervalMs ?? REFRESH_INTERVAL_MS));
    const r = await refreshBatch(db, cutoff);
    if (r.claimed > 0) logger.info("radar connections refreshed", { ...r });
    return r.claimed;
  });
  return async () => {
    await Promise.all([stopProcess(), stopRefresh()]);
  };
}
