import { Prisma } from "~/server/db/generated/prisma/client";
import type { TCardWhere } from "./filters";
import { CARDS_SQL } from "./count-cache";
import { participantCards } from "./participant-filter";

/**
 * The exact number of cards matching a filter (pagination.total), by the cheapest plan for the
 * filter's shape (indexes and triggers in prisma/migrations/*_vm_card_list). count-cache.ts
 * remembers the result while the card data does not change.
 *
 * - nothing can match (only unknown slugs): 0, no query;
 * - no filter: the trigger-kept number of cards (vm_card_changes; a count(*) reads every card,
 *   which grows with the table), read by the page query itself;
 * - categories, alone or with stages/rounds: an index-only scan of card_category, whose rows
 *   carry copies of their card's stage and round (vm_card_category_stage/_round);
 * - participants alone: an index-only scan of each participant's range of vm_card_participant
 *   (deduplicated for several participants); no card row is read;
 * - search alone: full-text matches counted from the GIN index (a bitmap count needs no row
 *   when the page is all-visible), plus the substring-only matches (few) read from the rows;
 * - anything else: count(*) over the card filter, which the planner serves from the filter
 *   indexes (location + created_at, participant, search, ...).
 */

export type TCountPlan = "none" | "card_total" | "card_category" | "participants" | "search" | "card";

export function countPlan(where: TCardWhere): TCountPlan {
  if (where.empty) return "none";
  if (where.unfiltered) return "card_total";
  const r = where.resolved;
  const stageRound = r.stageIds !== undefined || r.roundIds !== undefined;
  if (r.categoryIds?.length && r.otherGroups === 0) return "card_category";
  const alone = r.otherGroups === 1 && !stageRound && !r.categoryIds;
  if (alone && r.participants) return "participants";
  if (alone && r.search) return "search";
  return "card";
}

const anyInt = (ids: number[]) => Prisma.sql`ANY(${ids}::int[])`;

/** The card_category rows of the cards matching categories AND (stages OR rounds). */
function categoryRowsSql(where: TCardWhere): Prisma.Sql {
  const { categoryIds = [], stageIds = [], roundIds = [] } = where.resolved;
  const conds = [Prisma.sql`cc.category_id = ${anyInt(categoryIds)}`];
  const sr: Prisma.Sql[] = [];
  if (stageIds.length) sr.push(Prisma.sql`cc.stage_id = ${anyInt(stageIds)}`);
  if (roundIds.length) sr.push(Prisma.sql`cc.round_id = ${anyInt(roundIds)}`);
  if (sr.length) conds.push(Prisma.sql`(${Prisma.join(sr, " OR ")})`);
  return Prisma.sql`FROM card_category cc WHERE ${Prisma.join(conds, " AND ")}`;
}

/** count over card_category alone: categories AND (stages OR rounds). */
function categoryCountSql(where: TCardWhere): Prisma.Sql {
  const rows = categoryRowsSql(where);
  // A card has one row per category: with a single category id no card can be counted twice.
  if (where.resolved.categoryIds?.length === 1) return Prisma.sql`SELECT count(*)::int AS n ${rows}`;
  return Prisma.sql`SELECT count(*)::int AS n FROM (SELECT DISTINCT cc.card_id ${rows}) x`;
}

/**
 * SELECTs of the ids (column `id`, each once) of the cards matching the filter, read from the
 * indexes the count uses when the filter's shape allows (categories with stages or rounds;
 * participants alone), else undefined: the caller then reads the cards through the WHERE.
 * `all` is the cheapest way to read every id (duplicates of a card with several of the
 * categories removed by hashing), `first` the cheapest way to read a few (each duplicate dropped
 * as it comes, by a probe: no work before the first row). Semantic search enumerates the filtered
 * cards this way: a stage and a sector are about 25,000 index entries where the WHERE reads the
 * 100,000 cards of the stage.
 */
export function matchingIdsSql(where: TCardWhere): { all: Prisma.Sql; first: Prisma.Sql } | undefined {
  switch (countPlan(where)) {
    case "card_category": {
      const rows = categoryRowsSql(where);
      const categoryIds = where.resolved.categoryIds!;
      if (categoryIds.length === 1)
        return { all: Prisma.sql`SELECT cc.card_id AS id ${rows}`, first: Prisma.sql`SELECT cc.card_id AS id ${rows}` };
      // A card's stage and round are copied into each of its rows: its row with the smallest of
      // the categories stands for it.
      const smallest = Prisma.sql`NOT EXISTS (SELECT 1 FROM card_category d WHERE d.card_id = cc.card_id AND d.category_id = ${anyInt(categoryIds)} AND d.category_id < cc.category_id)`;
      return {
        all: Prisma.sql`SELECT DISTINCT cc.card_id AS id ${rows}`,
        first: Prisma.sql`SELECT cc.card_id AS id ${rows} AND ${smallest}`,
      };
    }
    case "participants": {
      const ids = Prisma.sql`SELECT u.card_id AS id FROM (${participantCards(where.resolved.participants!)}) u`;
      return { all: ids, first: ids };
    }
    default:
      return undefined;
  }
}

/**
 * A SELECT of (id, code) over the card_category rows of the cards matching the filter that have a
 * vector (code: its binary code, copied by the vm_card_category_code_* triggers), for the filter
 * shapes matchingIdsSql reads from card_category; else undefined. A card with several of the
 * categories comes once per category. Semantic search ranks these codes from one index-only scan
 * of vm_card_category_code (vector-search.ts, the coded path).
 */
export function matchingCodesSql(where: TCardWhere): Prisma.Sql | undefined {
  if (countPlan(where) !== "card_category") return undefined;
  return Prisma.sql`SELECT cc.card_id AS id, cc.code ${categoryRowsSql(where)} AND cc.code IS NOT NULL`;
}

function searchCountSql(where: TCardWhere): Prisma.Sql {
  const { fullText, substring } = where.resolved.search!;
  const fullTextCount = Prisma.sql`(SELECT count(*)::int FROM card c WHERE ${fullText})`;
  if (!substring) return Prisma.sql`SELECT ${fullTextCount} AS n`;
  return Prisma.sql`
    SELECT ${fullTextCount}
         + (SELECT count(*)::int FROM card c WHERE ${substring} AND NOT COALESCE(${fullText}, false)) AS n`;
}

/** The SQL the plan runs (null: no query). Exported for the benchmark floor. */
export function countSql(where: TCardWhere): Prisma.Sql | null {
  switch (countPlan(where)) {
    case "none":
      return null;
    case "card_total":
      return Prisma.sql`SELECT ${CARDS_SQL} AS n`;
    case "card_category":
      return categoryCountSql(where);
    case "participants":
      return Prisma.sql`SELECT count(*)::int AS n FROM (${participantCards(where.resolved.participants!)}) x`;
    case "search":
      return searchCountSql(where);
    case "card":
      return Prisma.sql`SELECT count(*)::int AS n FROM card c WHERE ${where.sql}`;
  }
}
