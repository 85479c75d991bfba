import type { TDb } from "~/server/db/client";
import { env } from "~/server/env";
import { startLoop } from "../jobs/queue";

/**
 * Tombstones of the change feed (feed.ts) are kept CHANGES_RETENTION_DAYS. Pruning deletes older
 * ones, a batch at a time, and raises the feed's horizon to the newest transaction id it pruned:
 * a cursor at or below the horizon may have missed a deletion and is refused (410).
 */

const BATCH = 10_000;
const EVERY_MS = 60 * 60_000;

/** Deletes one batch of expired tombstones; answers how many. */
export async function pruneTombstones(db: TDb, retentionDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const [row] = await db.$queryRaw<{ n: number }[]>`
    WITH gone AS (
      DELETE FROM vm_feed_tombstone t
       WHERE (t.xid, t.type, t.id) IN (SELECT x.xid, x.type, x.id FROM vm_feed_tombstone x WHERE x.deleted_at < ${cutoff} LIMIT ${BATCH})
      RETURNING t.xid),
    raised AS (
      UPDATE vm_feed_horizon h SET xid = (SELECT max(xid) FROM gone)
       WHERE EXISTS (SELECT 1 FROM gone) AND h.xid < (SELECT max(xid) FROM gone) RETURNING 1)
    SELECT (SELECT count(*)::int FROM gone) AS n, (SELECT count(*) FROM raised) AS raised`;
  return row?.n ?? 0;
}

export function startTombstonePrune(db: TDb): () => Promise<void> {
  return startLoop("change-feed-prune", EVERY_MS, () => pruneTombstones(db, env().CHANGES_RETENTION_DAYS));
}
