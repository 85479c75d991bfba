import type { TDb } from "~/server/db/client";
import { Prisma } from "~/server/db/generated/prisma/client";
import { sqlKey } from "~/server/db/sql-key";
import { lruPerOwner } from "~/server/lib/lru";

/**
 * Exact totals without counting on every request. Every write to the tables a card list reads
 * appends a row to vm_card_changes (trigger, see the vm_card_list migration), so
 * `sum(changes)` — the card data version — moves with every committed write. A total counted in
 * the same statement (same snapshot) as version V is the right total for any later statement that
 * still sees version V: the page query reads the version too, and a remembered total is used only
 * when the versions are equal. Pages 2, 3, ... of a filter, and everyone running a common filter,
 * then pay for one page query only; after any write the next request counts again.
 */

/**
 * The version and the number of cards of the statement's snapshot, as a one-row FROM item `v`
 * (columns `version`, `cards`): one read of vm_card_changes for both, where two scalar
 * subqueries read it twice (its rows fold together now and then, but its dead tuples stay until
 * a vacuum, so a read costs more than its few live rows).
 */
export const VERSION_FROM = Prisma.sql`(SELECT COALESCE(sum(changes), 0)::text AS version, COALESCE(sum(cards), 0)::int AS cards FROM vm_card_changes) v`;

/** The number of cards alone, as a scalar subquery usable in any SELECT list. */
export const CARDS_SQL = Prisma.sql`(SELECT v.cards FROM ${VERSION_FROM})`;

export interface TVersionedCount {
  version: string;
  count: number;
  /** the number of all cards at that version */
  cards: number;
}

/** At most 5,000 counts per database client, the least recently used dropped first. */
const cacheOf = lruPerOwner<TVersionedCount>(5000);

/** The remembered count for `key` (any version; the caller compares). */
export function rememberedCount(db: TDb, key: string): TVersionedCount | undefined {
  return cacheOf(db).get(key);
}

function remember(db: TDb, key: string, value: TVersionedCount): TVersionedCount {
  cacheOf(db).set(key, value);
  return value;
}

/** Runs a count statement (one row, column `n`) with the version of its snapshot, and remembers it. */
export async function countAtVersion(db: TDb, countSql: Prisma.Sql, key = sqlKey(countSql)): Promise<TVersionedCount> {
  const [row] = await db.$queryRaw<{ version: string; n: number; cards: number }[]>`
    SELECT v.version, c.n, v.cards FROM (${countSql}) c, ${VERSION_FROM}`;
  return remember(db, key, { version: row?.version ?? "0", count: row?.n ?? 0, cards: row?.cards ?? 0 });
}

/**
 * The count of `countSql` as of `version` (the version a page query just read): the remembered
 * one when it was counted at that version, else counted now.
 */
export async function countFor(db: TDb, countSql: Prisma.Sql, version: string, known?: TVersionedCount): Promise<number> {
  const key = sqlKey(countSql);
  const hit = known ?? rememberedCount(db, key);
  if (hit && hit.version === version) return hit.count;
  return (await countAtVersion(db, countSql, key)).count;
}
