import type { TDb } from "~/server/db/client";
import { logger } from "~/server/lib/logger";
import { LEASE_MS, whileLeased } from "../jobs/lease";
import { claim, complete, enqueue, renewJobs, startLoop } from "../jobs/queue";
import { runSavedFilterAlerts } from "./alerts";
import { runRadarNotifications } from "./radar";

/**
 * The notification producers on the worker (the server process, or `vmon worker`): every
 * `periodMs` a run is queued on the durable job queue (one job, key "run"); whichever process
 * claims it turns pending radar updates and changed cards into notifications (radar.ts,
 * alerts.ts) under the job's lease, so two processes never run at once. What a run has not taken
 * stays in the change logs for the next.
 */

const QUEUE = "notifications";
const NOTIFY_RUN_MS = 5_000;

export async function notificationTick(db: TDb, due: boolean): Promise<boolean> {
  if (due) await enqueue(db, QUEUE, {}, { key: "run" });
  const jobs = await claim(db, QUEUE, 1, LEASE_MS);
  if (jobs.length === 0) return false;
  await whileLeased(
    QUEUE,
    (until) => renewJobs(db, jobs, until),
    {},
    async () => {
      const radar = await runRadarNotifications(db);
      const alerts = await runSavedFilterAlerts(db);
      if (radar.notifications + alerts.notifications > 0) logger.info("notifications made", { radar: radar.notifications, ...alerts });
    },
  );
  await complete(
    db,
    jobs.map((j) => j.id),
  );
  return true;
}

export function startNotificationWorkers(db: TDb, opts: { periodMs?: number } = {}) {
  let lastRun = 0;
  return startLoop("notifications", 1000, async () => {
    const due = Date.now() - lastRun >= (opts.periodMs ?? NOTIFY_RUN_MS);
    if (due) lastRun = Date.now();
    await notificationTick(db, due);
    return 0;
  });
}
