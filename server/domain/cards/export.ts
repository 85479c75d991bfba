import type { TDb } from "../../db/client";
import { readRows } from "../../db/read";
import { Prisma } from "../../db/generated/prisma/client";
import { baseFields } from "./fields";
import { buildCardWhere, type TCardWhere } from "./filters";
import type { TCardRow } from "./format";
import { cardItems, effectiveSort, listCards, type TCardListItem } from "./list";
import type { TCardFilterParams } from "./params";
import { queryRows } from "./rows";
import { orderBySql, type TSort } from "./sort";

/**
 * Every card a list filter matches, as list items, a chunk at a time (the workspace's CSV export).
 *
 * Without `semantic`: the ids of all matching cards are taken first, in the list's order, by one
 * statement (one snapshot of the set, 4 bytes a card), then their rows are read CHUNK at a time.
 * Paging through the list with OFFSET instead would read every earlier row again for each page:
 * quadratic in the number of matches (a million cards is 10,000 pages).
 * With `semantic`: the ranked pages of the list itself, which stop at SEMANTIC_MAX_RESULTS.
 */

const CHUNK = 500;
const SEMANTIC_PAGE = 100;

/** The ids of the matching cards in the list's order, as one JSON cell. */
export async function matchingIdsInOrder(db: TDb, where: TCardWhere, sort: TSort): Promise<number[]> {
  if (where.empty) return [];
  const [row] = await readRows<{ ids: string }>(
    db,
    Prisma.sql`SELECT coalesce(array_to_json(ARRAY(
                 SELECT c.id FROM card c WHERE ${where.sql} ORDER BY ${orderBySql(sort, "c")}
               )), '[]')::text AS ids`,
  );
  return JSON.parse(row?.ids ?? "[]") as number[];
}

export async function* exportCards(
  db: TDb,
  accountId: number,
  p: TCardFilterParams,
): AsyncGenerator<TCardListItem[]> {
  if (p.semantic) {
    for (let offset = 0; ; offset += SEMANTIC_PAGE) {
      const r = await listCards(db, accountId, { ...p, limit: SEMANTIC_PAGE, offset, include_total: false });
      if (r.data.length > 0) yield r.data;
      if (r.page.fetched <= SEMANTIC_PAGE) return;
    }
  }
  const sort = effectiveSort(p.sort);
  const where = await buildCardWhere(db, accountId, p);
  const ids = await matchingIdsInOrder(db, where, sort);
  const fields = baseFields("default", undefined);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const rows = await queryRows<TCardRow>(db, Prisma.sql`SELECT vm_card_rows(${chunk}::int[], ${accountId}::int) AS rows`);
    yield await cardItems(db, accountId, rows, { fields, userData: false });
  }
}
