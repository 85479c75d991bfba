import type { TDb } from "~/server/db/client";
import { readRows } from "~/server/db/read";
import { Prisma } from "~/server/db/generated/prisma/client";
import { SEMANTIC_MAX_RESULTS } from "../embeddings";
import { baseFields } from "./fields";
import { buildCardWhere, type TCardWhere } from "./filters";
import type { TCardRow } from "./format";
import { cardItems, effectiveSort, listCards, type TCardListItem } from "./list";
import type { TCardFilterParams } from "./filter-schema";
import { queryRows } from "./rows";
import { orderBySql } from "./sort";
import type { TSort } from "./sort-param";

/**
 * Every card a list filter matches, as list items, a chunk at a time (the workspace's CSV export).
 *
 * Without `semantic`: the ids of all matching cards are taken first, in the list's order, by one
 * statement (one snapshot of the set, 4 bytes a card), then their rows are read CHUNK at a time.
 * Paging through the list with OFFSET instead would read every earlier row again for each page:
 * quadratic in the number of matches (a million cards is 10,000 pages).
 * With `semantic`: the ranked list itself, which holds at most SEMANTIC_MAX_RESULTS cards (one page).
 */

const CHUNK = 500;

/** The ids of the matching cards in the list's order, as one JSON cell. */
async function matchingIdsInOrder(db: TDb, where: TCardWhere, sort: TSort): Promise<number[]> {
  if (where.empty) return [];
  const [row] = await readRows<{ ids: string }>(
    db,
    Prisma.sql`SELECT coalesce(array_to_json(ARRAY(
                 SELECT c.id FROM card c WHERE ${where.sql} ORDER BY ${orderBySql(sort, "c")}
               )), '[]')::text AS ids`,
  );
  return JSON.parse(row?.ids ?? "[]") as number[];
}

export async function* exportCards(db: TDb, accountId: number, p: TCardFilterParams): AsyncGenerator<TCardListItem[]> {
  if (p.semantic) {
    const limit = SEMANTIC_MAX_RESULTS.card;
    yield (await listCards(db, accountId, { ...p, limit, offset: 0, include_total: false })).data;
    return;
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
