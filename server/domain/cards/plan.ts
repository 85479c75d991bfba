import type { TDb } from "~/server/db/client";
import { Prisma } from "~/server/db/generated/prisma/client";
import { countSql } from "./count";
import { sqlKey } from "~/server/db/sql-key";
import { countAtVersion, countFor, rememberedCount, type TVersionedCount } from "./count-cache";
import type { TCardWhere } from "./filters";
import { pageSql, queryPage } from "./rows";
import { isDefaultOrder, orderBySql } from "./sort";
import type { TSort } from "./sort-param";

/**
 * Whether one page is cheaper by walking the sort index (probing each card) than by gathering
 * the whole matching set: walking probes about rowsNeeded * cards / setSize rows (rowsNeeded
 * weighted by the cost of a probe), gathering reads setSize rows.
 */
function walkIsCheaper(setSize: number, cards: number, rowsNeeded: number): boolean {
  return setSize > 0 && rowsNeeded * cards < setSize * setSize;
}

/**
 * The statements of one card list page: `page` (null: nothing can match) and `count` (null: no
 * count statement; the unfiltered total comes with the page). Exported for the benchmark floor,
 * which runs the same statements through bare pg. For the participants filter or a search alone,
 * the count is known first: it picks how the page is read (TPageForms), unless the filter has a
 * form already in the list's order that pays at any count (the participants filter in the default
 * order; a one-word search's form pays only when few cards match).
 */
export interface TListPlan {
  page: Prisma.Sql | null;
  count: Prisma.Sql | null;
  /** the count, already taken by planning */
  known?: TVersionedCount;
}

export async function planCardList(
  db: TDb,
  accountId: number,
  where: TCardWhere,
  sort: TSort,
  p: { limit: number; offset: number },
  includeTotal: boolean,
): Promise<TListPlan> {
  if (where.empty) return { page: null, count: null };
  const fetch = includeTotal ? p.limit : p.limit + 1;
  const order = orderBySql(sort, "c");
  const count = where.unfiltered ? null : countSql(where);
  const forms = where.pageForms;
  const latestFirst = forms?.latestFirst && isDefaultOrder(sort) ? forms.latestFirst : undefined;
  const latestPage = (latest: (rows: number) => Prisma.Sql) =>
    pageSql(accountId, Prisma.sql`TRUE`, order, fetch, p.offset, latest(p.offset + fetch));
  if (latestFirst && forms?.latestFirstBelow === undefined) return { page: latestPage(latestFirst), count };
  if (forms && count) {
    // How many cards match (the total, usually remembered) decides how to read the page.
    const known = rememberedCount(db, sqlKey(count)) ?? (await countAtVersion(db, count));
    if (latestFirst && known.count < known.cards * forms.latestFirstBelow!) return { page: latestPage(latestFirst), count, known };
    const walk = walkIsCheaper(known.count, known.cards, (p.offset + fetch) * forms.walkCost);
    const page = walk
      ? pageSql(accountId, forms.walk, order, fetch, p.offset)
      : pageSql(accountId, Prisma.sql`TRUE`, order, fetch, p.offset, forms.collectFrom);
    return { page, count, known };
  }
  return { page: pageSql(accountId, where.sql, order, fetch, p.offset), count };
}

/** Runs a plan: the page, and the total when asked (remembered while the data version holds). */
export async function runPlan(db: TDb, plan: TListPlan, unfiltered: boolean, includeTotal: boolean) {
  if (!plan.page) return { rows: [], total: includeTotal ? 0 : null };
  const count = includeTotal ? plan.count : null;
  const remembered = count ? (plan.known ?? rememberedCount(db, sqlKey(count))) : undefined;
  // Nothing remembered: count alongside the page instead of after it.
  const [page, fresh] = await Promise.all([queryPage(db, plan.page), count && !remembered ? countAtVersion(db, count) : undefined]);
  let total: number | null = null;
  if (includeTotal && unfiltered) total = page.cards;
  else if (count) total = fresh ? fresh.count : await countFor(db, count, page.version, remembered);
  return { rows: page.rows, total };
}
