import type { TDb } from "~/server/db/client";
import { Prisma } from "~/server/db/generated/prisma/client";
import { assertVisibleFolders } from "../userdata/folders";
import { referenceData, referenceDataAfterMiss, withDescendants, type TReferenceData } from "../reference/cache";
import type { TCardFilterParams } from "./filter-schema";
import { lowerBound } from "./date-windows";
import { NEW_WINDOW_DAYS } from "./params";
import { participantFilter, participantsInStatement, participantsLookedUp, type TParticipantRef } from "./participant-filter";
import { searchCondition, searchLatestFirst, searchParts, type TSearchParts } from "./search";

/**
 * The WHERE part of a card list: every filter of the spec (rules 1-3), on the card alias `c`.
 * Exported for the semantic step, which applies the same filters before ranking.
 *
 * - groups combine with AND, values inside a group with OR; stages and rounds with OR together;
 * - categories include their descendants, locations everything under them (a region: its
 *   countries, states and cities);
 * - source_types match the card's earliest signal (card.earliest_source_type_id);
 * - participants match cards with an interaction whose participant OR associated participant is
 *   one of them (a fund is found through the signals of its partners too);
 * - date ranges are inclusive calendar days in UTC;
 * - unknown slugs match nothing; folder_ids must all be the caller's folders (else 400).
 */

/**
 * Two ways to read one page of a single filter: `collectFrom` (a FROM clause gathering every
 * matching card, then sorting: best for few matches) and `walk` (a WHERE probed row by row while
 * walking the sort index: best for many). `walkCost` is how much one probed row costs relative to
 * one gathered row.
 */
interface TPageForms {
  collectFrom: Prisma.Sql;
  walk: Prisma.Sql;
  walkCost: number;
  /**
   * A FROM clause `c` (columns id and last_interaction_at) holding the first `rows` matching
   * cards of the default order, when the filter has one: plan.ts reads such pages from it alone.
   */
  latestFirst?: (rows: number) => Prisma.Sql;
  /**
   * When set, latestFirst pays only when fewer than this share of all cards match (else the walk
   * finds a page within a few rows): plan.ts compares it with the count.
   */
  latestFirstBelow?: number;
}

export interface TCardWhere {
  /** AND of every condition (TRUE when there is none) */
  sql: Prisma.Sql;
  /** A condition can never hold (for example only unknown slugs): the result is empty. */
  empty: boolean;
  /** No filter at all: the list is every card. */
  unfiltered: boolean;
  /** Resolved ids, for the count strategies of count.ts. */
  resolved: {
    categoryIds?: number[];
    stageIds?: number[];
    roundIds?: number[];
    participants?: TParticipantRef;
    search?: TSearchParts | null;
    /** conditions other than categories and stages/rounds */
    otherGroups: number;
  };
  /**
   * When the only filter is one whose best page plan depends on how many cards match (the
   * participants filter, or text search): two forms of it, for plan.ts to pick by that count.
   */
  pageForms?: TPageForms;
}

type TSlugTable = "stages" | "rounds" | "categories" | "locations" | "sourceTypes";

function resolve(ref: TReferenceData, tableName: TSlugTable, slugs: string[]): { ids: number[]; missing: boolean } {
  const table = ref[tableName];
  const ids: number[] = [];
  let missing = false;
  for (const slug of slugs) {
    const row = table.bySlug.get(slug.toLowerCase()) ?? table.bySlug.get(slug);
    if (row) ids.push(row.id);
    else missing = true;
  }
  return { ids, missing };
}

async function resolveAll(db: TDb, p: TCardFilterParams) {
  const lists: [TSlugTable, string[] | undefined][] = [
    ["stages", p.stages],
    ["rounds", p.rounds],
    ["categories", p.categories],
    ["locations", p.locations],
    ["sourceTypes", p.source_types],
  ];
  const run = (ref: TReferenceData) =>
    Object.fromEntries(lists.map(([t, slugs]) => [t, slugs ? resolve(ref, t, slugs) : undefined])) as Record<
      TSlugTable,
      { ids: number[]; missing: boolean } | undefined
    >;
  let ref = await referenceData(db);
  let out = run(ref);
  if (Object.values(out).some((r) => r?.missing)) {
    const fresh = await referenceDataAfterMiss(db, ref);
    if (fresh !== ref) {
      ref = fresh;
      out = run(ref);
    }
  }
  return {
    stages: out.stages?.ids,
    rounds: out.rounds?.ids,
    categories: out.categories && withDescendants(ref.categories.children, out.categories.ids),
    locations: out.locations && withDescendants(ref.locations.children, out.locations.ids),
    sourceTypes: out.sourceTypes?.ids,
  };
}

const DAY_MS = 86_400_000;

function dateRange(column: string, after?: Date, before?: Date): Prisma.Sql[] {
  const col = Prisma.raw(`c.${column}`);
  const out: Prisma.Sql[] = [];
  if (after) out.push(Prisma.sql`${col} >= ${after}`);
  if (before) out.push(Prisma.sql`${col} < ${new Date(before.getTime() + DAY_MS)}`);
  return out;
}

const anyInt = (ids: number[]) => Prisma.sql`ANY(${ids}::int[])`;

const participantForms = (ref: TParticipantRef): TPageForms => ({
  collectFrom: participantFilter.collectFrom(ref),
  walk: participantFilter.probe(ref),
  walkCost: 1,
  latestFirst: (rows) => participantFilter.latestFirst(ref, rows),
});

// A probed row costs about what a gathered one does: walking the order's index until a page is
// full beats gathering and sorting every match when the matches are many (docs/benchmarks.md).
// A one-word query's pages in the default order come from its words' index ranges instead, unless
// an eighth of the cards or more match: the walk then needs fewer than 8 rows per card of the page,
// where a short prefix may start hundreds of words, each an index range to read.
const searchForms = (parts: TSearchParts): TPageForms => ({
  collectFrom: Prisma.sql`(SELECT * FROM card c WHERE ${searchCondition(parts)} OFFSET 0) c`,
  walk: searchCondition(parts),
  walkCost: 1,
  ...(parts.prefix ? { latestFirst: (rows: number) => searchLatestFirst(parts, rows), latestFirstBelow: 1 / 8 } : {}),
});

export async function buildCardWhere(db: TDb, accountId: number, p: TCardFilterParams): Promise<TCardWhere> {
  const ids = await resolveAll(db, p);
  const folders = p.folder_ids?.length ? await assertVisibleFolders(db, accountId, p.folder_ids, "folder_ids") : undefined;
  const conds: Prisma.Sql[] = [];
  let empty = false;
  let otherGroups = 0;
  const other = (sql: Prisma.Sql) => {
    conds.push(sql);
    otherGroups++;
  };

  const stageRound: Prisma.Sql[] = [];
  if (ids.stages?.length) stageRound.push(Prisma.sql`c.stage_id = ${anyInt(ids.stages)}`);
  if (ids.rounds?.length) stageRound.push(Prisma.sql`c.round_id = ${anyInt(ids.rounds)}`);
  if (ids.stages || ids.rounds) {
    if (stageRound.length === 0) empty = true;
    else conds.push(stageRound.length === 1 ? stageRound[0]! : Prisma.sql`(${Prisma.join(stageRound, " OR ")})`);
  }
  if (ids.categories) {
    if (ids.categories.length === 0) empty = true;
    else
      // card.category_ids copies card_category (its triggers): the sort index carries it.
      conds.push(Prisma.sql`c.category_ids && ${ids.categories}::int[]`);
  }
  if (ids.locations) {
    if (ids.locations.length === 0) empty = true;
    else other(Prisma.sql`c.location_id = ${anyInt(ids.locations)}`);
  }
  if (ids.sourceTypes) {
    if (ids.sourceTypes.length === 0) empty = true;
    else other(Prisma.sql`c.earliest_source_type_id = ${anyInt(ids.sourceTypes)}`);
  }
  if (folders) other(Prisma.sql`c.id IN (SELECT fc.card_id FROM folder_card fc WHERE fc.folder_id = ${anyInt(folders)})`);
  if (p.display_preference === "web3") other(Prisma.sql`c.web3`);
  if (p.display_preference === "web2") other(Prisma.sql`c.web2`);
  if (p.featured !== undefined) other(Prisma.sql`c.featured = ${p.featured}`);
  if (p.trending !== undefined) other(Prisma.sql`c.trending = ${p.trending}`);
  if (p.new !== undefined) {
    const since = new Date(Date.now() - NEW_WINDOW_DAYS * DAY_MS);
    other(p.new ? Prisma.sql`c.created_at >= ${since}` : Prisma.sql`c.created_at < ${since}`);
  }
  const now = new Date();
  if (p.min_signals !== undefined) other(Prisma.sql`c.interactions_count >= ${p.min_signals}`);
  if (p.max_signals !== undefined) other(Prisma.sql`c.interactions_count <= ${p.max_signals}`);
  for (const sql of [
    ...dateRange("created_at", lowerBound(p.created_after, p.created_within_days, now), p.created_before),
    ...dateRange("updated_at", lowerBound(p.updated_after, p.updated_within_days, now), p.updated_before),
    ...dateRange(
      "last_interaction_at",
      lowerBound(p.last_interaction_after, p.last_interaction_within_days, now),
      p.last_interaction_before,
    ),
    ...dateRange(
      "first_interaction_at",
      lowerBound(p.first_interaction_after, p.first_interaction_within_days, now),
      p.first_interaction_before,
    ),
  ])
    other(sql);
  const search = p.search !== undefined && !p.semantic ? searchParts(p.search) : undefined;
  if (search !== undefined) other(searchCondition(search));
  if (search === null) empty = true;
  let people: TParticipantRef | null | undefined;
  if (p.participants?.length) {
    // Alone, the filter's statements read the participants themselves; with other filters they
    // are looked up first (participant-filter.ts).
    people = conds.length === 0 ? participantsInStatement(p.participants) : await participantsLookedUp(db, p.participants);
    if (people === null) empty = true;
    else other(participantFilter.semiJoin(people));
  }

  return {
    sql: conds.length === 0 ? Prisma.sql`TRUE` : Prisma.join(conds, " AND "),
    empty,
    unfiltered: conds.length === 0 && !empty,
    resolved: {
      categoryIds: ids.categories,
      stageIds: ids.stages,
      roundIds: ids.rounds,
      participants: people ?? undefined,
      search,
      otherGroups,
    },
    pageForms: conds.length !== 1 ? undefined : people ? participantForms(people) : search ? searchForms(search) : undefined,
  };
}
