import type { TDb } from "../../db/client";
import { Prisma } from "../../db/generated/prisma/client";
import { countSql } from "./count";
import { sqlKey } from "../../db/sql-key";
import { countAtVersion, countFor, rememberedCount, type TVersionedCount } from "./count-cache";
import type { TCardWhere } from "./filters";
import { pageSql, queryPage } from "./rows";
import { isDefaultOrder, orderBySql, type TSort } from "./sort";
import { latestSignalBound } from "./latest-bound";

/**
 * Whether one page is cheaper by walking the sort index (probing each card) than by gathering
 * the whole matching set: walking probes about rowsNeeded * cards / setSize rows (rowsNeeded
 * weighted by the cost of a probe), gathering reads setSize rows.
 */
export function walkIsCheaper(setSize: number, cards: number, rowsNeeded: number): boolean {
  return setSize > 0 && rowsNeeded * cards < setSize * setSize;
}

/**
 * The statements of one card list page: `page` (null: nothing can match) and `count` (null: no
 * count statement; the unfiltered total comes with the page). Exported for the benchmark floor,
 * which runs the same statements through bare pg. For the participants filter or a search alone,
 * the count is known first: it picks how the page is read (TPageForms), unless the filter has a
 * form already in the list's order (the participants filter in the default order).
 */
export interface TListPlan {
  page: Prisma.Sql | null;
  count: Prisma.Sql | null;
  /** the count, already taken by planning */
  known?: TVersionedCount;
  /**
   * A page read from a range of the order is right only when the range held enough matching
   * cards: when `page` returns fewer than `rows`, `page` is run again as `instead`.
   */
  short?: { rows: number; instead: Prisma.Sql; seen(version: string): void };
}

/**
 * How far down the default order a page of `rows` matches is looked for, in multiples of where
 * `rows` matches would be if the matching cards were spread evenly over it.
 */
const RANGE_MARGIN = 3;

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
  if (forms?.latestFirst && isDefaultOrder(sort)) {
    const rows = p.offset + fetch;
    return { page: pageSql(accountId, Prisma.sql`TRUE`, order, fetch, p.offset, forms.latestFirst(rows)), count };
  }
  if (forms && count) {
    // How many cards match (the total, usually remembered) decides how to read the page.
    const known = rememberedCount(db, sqlKey(count)) ?? (await countAtVersion(db, count));
    const rows = p.offset + fetch;
    if (!walkIsCheaper(known.count, known.cards, rows * forms.walkCost)) {
      return { page: pageSql(accountId, Prisma.sql`TRUE`, order, fetch, p.offset, forms.collectFrom), count, known };
    }
    const walk = pageSql(accountId, forms.walk, order, fetch, p.offset);
    if (forms.since && isDefaultOrder(sort)) {
      // The matching cards from a date on, gathered through the filter's and the order's indexes
      // together, instead of probing every card of the order down to the page's last match.
      const bound = await latestSignalBound(db, (RANGE_MARGIN * rows * known.cards) / known.count);
      if (bound.since) {
        const page = pageSql(accountId, Prisma.sql`TRUE`, order, fetch, p.offset, forms.since(bound.since));
        return { page, count, known, short: { rows: fetch, instead: walk, seen: bound.forget } };
      }
    }
    return { page: walk, count, known };
  }
  return { page: pageSql(accountId, where.sql, order, fetch, p.offset), count };
}

/** Runs a plan: the page, and the total when asked (remembered while the data version holds). */
export async function runPlan(db: TDb, plan: TListPlan, unfiltered: boolean, includeTotal: boolean) {
  if (!plan.page) return { rows: [], total: includeTotal ? 0 : null };
  const count = includeTotal ? plan.count : null;
  const remembered = count ? (plan.known ?? rememberedCount(db, sqlKey(count))) : undefined;
  // Nothing remembered: count alongside the page instead of after it.
  const [first, fresh] = await Promise.all([
    queryPage(db, plan.page),
    count && !remembered ? countAtVersion(db, count) : undefined,
  ]);
  let page = first;
  if (plan.short) {
    plan.short.seen(page.version);
    if (page.rows.length < plan.short.rows) page = await queryPage(db, plan.short.instead);
  }
  let total: number | null = null;
  if (includeTotal && unfiltered) total = page.cards;
  else if (count) total = fresh ? fresh.count : await countFor(db, count, page.version, remembered);
  return { rows: page.rows, total };
}

