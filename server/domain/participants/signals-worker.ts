import type { TDb } from "~/server/db/client";
import { startLoop } from "../jobs/queue";
import { recomputeParticipantSignals } from "../import/derived";

/** `monthly_signals` counts the last 30 days: the window moves, so recompute it every hour. */
const EVERY_MS = 60 * 60 * 1000;

export function startSignalsRefresh(db: TDb): () => Promise<void> {
  let last = 0;
  return startLoop("participant-signals", 60_000, async () => {
    if (Date.now() - last < EVERY_MS) return 0;
    last = Date.now();
    await recomputeParticipantSignals(db);
    return 0;
  });
}
