import type { TDb } from "../../db/client";
import { lruPerOwner } from "../../lib/lru";
import { VERSION_SQL } from "./count-cache";

/**
 * The last_interaction_at of the card at a position of the default order (latest_signal_date:desc),
 * for pages read from a range of that order (plan.ts). Positions are rounded up to a power of two
 * and the answers remembered: any bound gives right pages (a range too small gives a short page,
 * and the caller then reads the page another way), so a remembered bound only has to be close.
 * One is dropped when a page read with it saw another card data version.
 */

interface TBound {
  since: Date | null;
  version: string;
}

const cacheOf = lruPerOwner<TBound>(64);

const bucket = (position: number) => 2 ** Math.ceil(Math.log2(Math.max(1, position)));

/**
 * The last_interaction_at at about `position` (at least that far down the order), or null when
 * the order has no card with a date there (few cards, or the dateless ones at the end).
 */
export async function latestSignalBound(db: TDb, position: number): Promise<{ since: Date | null; forget(version: string): void }> {
  const key = String(bucket(position));
  const cache = cacheOf(db);
  let hit = cache.get(key);
  if (!hit) {
    const [row] = await db.$queryRaw<{ since: Date | null; version: string }[]>`
      SELECT (SELECT c.last_interaction_at FROM card c
               ORDER BY c.last_interaction_at DESC NULLS LAST, c.id DESC
               OFFSET ${Number(key)}::int LIMIT 1) AS since,
             ${VERSION_SQL} AS version`;
    hit = { since: row?.since ?? null, version: row?.version ?? "0" };
    cache.set(key, hit);
  }
  const seen = hit;
  return {
    since: seen.since,
    forget: (version) => {
      if (version !== seen.version && cache.get(key) === seen) cache.delete(key);
    },
  };
}
