import type { TDb } from "./db/client";
import { startRadarWorkers } from "./domain/radar/worker";
import { startEmbeddingsWorker } from "./domain/embeddings/jobs";
import { startSignalsRefresh } from "./domain/participants/signals-worker";
import { startWebhookWorkers } from "./domain/webhooks/worker";

/**
 * Background work of the server process (and nothing else): each domain that has some adds its
 * starter to this list. `startWorkers` runs them all and returns one stop function.
 */
type TWorkerStarter = (db: TDb) => () => Promise<void>;

const starters: TWorkerStarter[] = [
  (db) => startRadarWorkers(db),
  (db) => startEmbeddingsWorker(db),
  (db) => startSignalsRefresh(db),
  (db) => startWebhookWorkers(db),
];

export function startWorkers(db: TDb): () => Promise<void> {
  const stops = starters.map((start) => start(db));
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
