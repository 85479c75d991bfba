import type { TDb } from "~/server/db/client";
import { notifyFromEvents } from "~/server/domain/notifications/from-events";
import { runSavedFilterMatcher, type TMatchOptions } from "~/server/domain/saved-filters/matcher";
import { fanOut } from "~/server/domain/webhooks/fan-out";
import { EVENT_DATA } from "~/server/workers";

/** What the worker's loops do with the saved filters' new matches, run once: the matcher, then the notifications. */
export async function runAlerts(db: TDb, opts?: TMatchOptions): Promise<{ changed: number; events: number; notifications: number }> {
  const matched = await runSavedFilterMatcher(db, opts);
  return { ...matched, notifications: (await notifyFromEvents(db)).notifications };
}

/** The matcher, then the webhooks' fan-out until no event waits for it. */
export async function fanOutAll(db: TDb): Promise<void> {
  await runSavedFilterMatcher(db);
  while ((await fanOut(db, EVENT_DATA)).events > 0);
}
