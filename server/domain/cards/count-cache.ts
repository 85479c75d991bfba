import type { TDb } from "../../db/client";
import { Prisma } from "../../db/generated/prisma/client";

/**
 * Exact totals without counting on every request. Every write to the tables a card list reads
 * appends a row to vm_card_changes (trigger, see the vm_card_list migration), so
 * `sum(changes)` — the card data version — moves with every committed write. A total counted in
 * the same statement (same snapshot) as version V is the right total for any later statement that
 * still sees version V: the page query reads the version too, and a remembered total is used only
 * when the versions are equal. Pages 2, 3, ... of a filter, and everyone running a common filter,
 * then pay for one page query only; after any write the next request counts again.
 */

/** The version and the number of cards, as scalar subqueries usable in any SELECT list. */
export const VERSION_SQL = Prisma.sql`(SELECT COALESCE(sum(changes), 0)::text FROM vm_card_changes)`;
export const CARDS_SQL = Prisma.sql`(SELECT COALESCE(sum(cards), 0)::int FROM vm_card_changes)`;

export interface TVersionedCount {
  version: string;
  count: number;
  /** the number of all cards at that version */
  cards: number;
}

const MAX_ENTRIES = 5000;
const caches = new WeakMap<TDb, Map<string, TVersionedCount>>();

export function cacheKey(sql: Prisma.Sql): string {
  return `${sql.text}\u0001${JSON.stringify(sql.values)}`;
}

function cacheOf(db: TDb): Map<string, TVersionedCount> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

/** The remembered count for `key` (any version; the caller compares). */
export function rememberedCount(db: TDb, key: string): TVersionedCount | undefined {
  const cache = cacheOf(db);
  const hit = cache.get(key);
  if (hit) {
    // Least recently used goes first: re-insert on use.
    cache.delete(key);
    cache.set(key, hit);
  }
  return hit;
}

function remember(db: TDb, key: string, value: TVersionedCount): TVersionedCount {
  const cache = cacheOf(db);
  cache.delete(key);
  cache.set(key, value);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return value;
}

/** Runs a count statement (one row, column `n`) with the version of its snapshot, and remembers it. */
export async function countAtVersion(db: TDb, countSql: Prisma.Sql, key = cacheKey(countSql)): Promise<TVersionedCount> {
  const [row] = await db.$queryRaw<{ version: string; n: number; cards: number }[]>`
    SELECT ${VERSION_SQL} AS version, c.n, ${CARDS_SQL} AS cards FROM (${countSql}) c`;
  return remember(db, key, { version: row?.version ?? "0", count: row?.n ?? 0, cards: row?.cards ?? 0 });
}

/**
 * The count of `countSql` as of `version` (the version a page query just read): the remembered
 * one when it was counted at that version, else counted now.
 */
export async function countFor(db: TDb, countSql: Prisma.Sql, version: string, known?: TVersionedCount): Promise<number> {
  const key = cacheKey(countSql);
  const hit = known ?? rememberedCount(db, key);
  if (hit && hit.version === version) return hit.count;
  return (await countAtVersion(db, countSql, key)).count;
}
