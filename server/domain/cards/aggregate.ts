import type { TDb } from "~/server/db/client";
import { Prisma } from "~/server/db/generated/prisma/client";
import { sqlKey } from "~/server/db/sql-key";
import { validationError } from "~/server/lib/errors";
import { lruPerOwner } from "~/server/lib/lru";
import { SEMANTIC_MAX_RESULTS } from "../embeddings";
import { referenceData, referenceDataAfterMiss, type TReferenceData } from "../reference/cache";
import { VERSION_FROM } from "./count-cache";
import type { TCardFilterParams } from "./filter-schema";
import { buildCardWhere } from "./filters";
import { DEFAULT_MIN_SIMILARITY } from "./params";
import { rankCardsSemantically } from "./semantic-step";
import { categoryFold, groupKeySql, groupName, keysKnown, locationFold, type TGroupBy } from "./aggregate-groups";

/**
 * GET /v1/cards/aggregate/: how many of the cards a card filter matches fall in each group (their
 * stage, round, category, location, country, creation month or month of last interaction). The
 * counts are those of the list with the same filters: a group's count is the list's
 * `pagination.total` with that group's value added as a filter (for categories, a category counts
 * the cards in it or under it, as the `categories` filter does, so category groups overlap; the
 * others partition the cards). Semantic search groups the ranked list (at most 100 cards).
 *
 * One statement reads the groups and the version of the card data together (count-cache.ts): the
 * answer is remembered per filter and served again while no card, category link, interaction or
 * folder entry changes. Semantic rankings are not remembered (their vectors change apart).
 */

interface TAggregateGroup {
  key: string | null;
  name: string;
  count: number;
}

export interface TAggregateResult {
  groups: TAggregateGroup[];
  /** The number of cards matching the filter (the list's pagination.total). */
  total: number;
  /** Whether a card can count in several groups (categories). */
  overlapping: boolean;
  /** Groups with at least one card, before `limit`. */
  groupCount: number;
}

export interface TAggregateParams extends TCardFilterParams {
  group_by: TGroupBy;
  limit: number;
}

interface TRawGroups {
  /** [key, count] pairs, key as text (null: the card has no value). */
  groups: [string | null, number][];
  total: number;
}

const remembered = lruPerOwner<{ version: string; value: TRawGroups }>(1000);

/** The statement: column `version` (card data) and `groups` (JSON [[key, n], ...], keys as text). */
function groupsSql(groupBy: TGroupBy, scope: Prisma.Sql): Prisma.Sql {
  const rows = Prisma.sql`SELECT ${groupKeySql(groupBy)}::text AS k, count(*)::int AS n FROM card c WHERE ${scope} GROUP BY 1`;
  return Prisma.sql`SELECT v.version, (SELECT COALESCE(json_agg(json_build_array(g.k, g.n)), '[]') FROM (${rows}) g) AS groups FROM ${VERSION_FROM}`;
}

async function runGroups(db: TDb, sql: Prisma.Sql): Promise<{ version: string; value: TRawGroups }> {
  const [row] = await db.$queryRaw<{ version: string; groups: [string | null, number][] }[]>(sql);
  const groups = (row?.groups ?? []).filter(([, n]) => n > 0);
  // Every card is in exactly one group of the statement (categories: one set of them).
  const total = groups.reduce((sum, [, n]) => sum + n, 0);
  return { version: row?.version ?? "0", value: { groups, total } };
}

/** The groups of `sql`, remembered at the card data's version. */
async function versionedGroups(db: TDb, sql: Prisma.Sql): Promise<TRawGroups> {
  const cache = remembered(db);
  const key = sqlKey(sql);
  const hit = cache.get(key);
  if (hit) {
    const [row] = await db.$queryRaw<{ version: string }[]>`SELECT v.version FROM ${VERSION_FROM}`;
    if (row?.version === hit.version) return hit.value;
  }
  const fresh = await runGroups(db, sql);
  cache.set(key, fresh);
  return fresh.value;
}

/** The ids of the semantic ranking the list would page through, or undefined without `semantic`. */
async function semanticIds(db: TDb, accountId: number, p: TAggregateParams, where: Awaited<ReturnType<typeof buildCardWhere>>) {
  if (!p.semantic || !p.search) return undefined;
  const ranked = await rankCardsSemantically({
    db,
    accountId,
    where,
    query: p.search,
    minSimilarity: p.min_similarity ?? DEFAULT_MIN_SIMILARITY,
    limit: SEMANTIC_MAX_RESULTS.card,
    offset: 0,
    includeTotal: true,
  });
  return ranked.rows.map((r) => r.id);
}

/** Orders and names the groups: stages and rounds in their order, months by time, the rest largest first. */
function presentGroups(ref: TReferenceData, groupBy: TGroupBy, raw: [string | null, number][]): TAggregateGroup[] {
  const folded = groupBy === "country" ? locationFold(ref, raw) : groupBy === "category" ? categoryFold(ref, raw) : raw;
  const groups = folded.flatMap(([key, count]) => {
    const named = groupName(ref, groupBy, key);
    return named ? [{ ...named, count }] : [];
  });
  const last = (g: TAggregateGroup) => (g.key === null ? 1 : 0);
  const byCount = (a: TAggregateGroup, b: TAggregateGroup) => last(a) - last(b) || b.count - a.count || a.name.localeCompare(b.name);
  return groups.sort(byCount);
}

function ordered(ref: TReferenceData, groupBy: TGroupBy, groups: TAggregateGroup[]): TAggregateGroup[] {
  const position = (g: TAggregateGroup): number => {
    if (g.key === null) return Number.MAX_SAFE_INTEGER;
    if (groupBy === "stage") return ref.stages.bySlug.get(g.key)?.position ?? 0;
    if (groupBy === "round") return ref.rounds.bySlug.get(g.key)?.position ?? 0;
    return 0;
  };
  if (groupBy === "stage" || groupBy === "round") return [...groups].sort((a, b) => position(a) - position(b));
  if (isMonths(groupBy)) return [...groups].sort(byMonth(1));
  return groups;
}

const isMonths = (groupBy: TGroupBy) => groupBy === "created_month" || groupBy === "last_interaction_month";

/** Months oldest first (1) or latest first (-1), the cards without a date last either way. */
const byMonth = (direction: 1 | -1) => (a: TAggregateGroup, b: TAggregateGroup) =>
  a.key === null ? 1 : b.key === null ? -1 : direction * a.key.localeCompare(b.key);

export async function aggregateCards(db: TDb, accountId: number, p: TAggregateParams): Promise<TAggregateResult> {
  if (p.semantic && !p.search) throw validationError("semantic", "semantic search requires search");
  const where = await buildCardWhere(db, accountId, p);
  const overlapping = p.group_by === "category";
  if (where.empty) return { groups: [], total: 0, overlapping, groupCount: 0 };
  const [ref, ids] = await Promise.all([referenceData(db), semanticIds(db, accountId, p, where)]);
  const scope = ids ? Prisma.sql`c.id = ANY(${ids}::int[])` : where.sql;
  const sql = groupsSql(p.group_by, scope);
  const raw = ids ? (await runGroups(db, sql)).value : await versionedGroups(db, sql);
  // A stage, category or location created since the reference data was read: read it again.
  const named = keysKnown(ref, p.group_by, raw.groups) ? ref : await referenceDataAfterMiss(db, ref);
  // The largest groups are kept (months: the latest, a timeline), then shown in the grouping's own order.
  const kept = presentGroups(named, p.group_by, raw.groups);
  if (isMonths(p.group_by)) kept.sort(byMonth(-1));
  return {
    groups: ordered(named, p.group_by, kept.slice(0, p.limit)),
    total: raw.total,
    overlapping,
    groupCount: kept.length,
  };
}
