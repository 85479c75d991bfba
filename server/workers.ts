import type { TDb } from "./db/client";
import { startRadarWorkers } from "./domain/radar/worker";
import { startEmbeddingsWorker } from "./domain/embeddings/jobs";
import { startSignalsRefresh } from "./domain/participants/signals-worker";
import { startWebhookWorkers } from "./domain/webhooks/worker";
import type { TEventData } from "./domain/events/log";
import { radarEventData } from "./domain/radar/event-data";
import { savedFilterEventData } from "./domain/saved-filters/event-data";
import { startSavedFilterMatcher } from "./domain/saved-filters/matcher";
import { startNotificationWorkers } from "./domain/notifications/worker";
import { startTombstonePrune } from "./domain/changes/prune";
import { releaseLeases } from "./domain/jobs/lease";
import { logger } from "./lib/logger";

/**
 * Background work of the server process (and nothing else): each domain that has some adds its
 * starter to this list. `startWorkers` runs them all and returns one stop function.
 */
type TWorkerStarter = (db: TDb) => () => Promise<void>;

/**
 * The data of each domain event type, built by the domain that produces it (server/domain/events/
 * log.ts): the webhooks' fan-out is handed these builders and reads no other domain's tables.
 */
export const EVENT_DATA: TEventData = { ...radarEventData, ...savedFilterEventData };

const starters: TWorkerStarter[] = [
  (db) => startRadarWorkers(db),
  (db) => startEmbeddingsWorker(db),
  (db) => startSignalsRefresh(db),
  (db) => startSavedFilterMatcher(db),
  (db) => startWebhookWorkers(db, EVENT_DATA),
  (db) => startNotificationWorkers(db),
  (db) => startTombstonePrune(db),
];

/** How long a stop lets the loops finish the batch in hand before giving it back to the queues. */
export const WORKER_STOP_GRACE_MS = 10_000;

/** Stops the background loops: see `stopWithin`. */
export type TStopWorkers = (graceMs?: number, hurry?: Promise<unknown>) => Promise<"finished" | "released">;

export function startWorkers(db: TDb): TStopWorkers {
  const stops = starters.map((start) => start(db));
  return (graceMs = WORKER_STOP_GRACE_MS, hurry) => stopWithin(stops, graceMs, hurry);
}

/**
 * Tells every loop to stop and waits for the batch each has in hand, for at most `graceMs` (or until
 * `hurry` settles: a second signal). Work still running then is given back to its queue at once
 * (releaseLeases), not left to wait out its lease. Answers which of the two happened.
 */
export async function stopWithin(
  stops: (() => Promise<void>)[],
  graceMs: number,
  hurry: Promise<unknown> = new Promise(() => undefined),
): Promise<"finished" | "released"> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(resolve, graceMs, "late")));
  const how = await Promise.race([
    Promise.all(stops.map((stop) => stop())).then(() => "finished" as const),
    late,
    hurry.then(() => "late" as const),
  ]);
  clearTimeout(timer);
  if (how === "finished") return how;
  const released = await releaseLeases();
  logger.warn("background work not finished in time: its claims were given back to the queues", { released, graceMs });
  return "released";
}
