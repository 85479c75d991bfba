import { Prisma } from "~/server/db/generated/prisma/client";
import type { TReferenceData } from "../reference/cache";

/** The groupings of GET /v1/cards/aggregate/ (aggregate.ts): the SQL key of each and how a key is named. */

export const GROUP_BY = ["stage", "round", "category", "location", "country", "created_month", "last_interaction_month"] as const;
export type TGroupBy = (typeof GROUP_BY)[number];

/** What a card without a value of the grouping is shown as. */
const NONE: Record<TGroupBy, string> = {
  stage: "No stage",
  round: "No round",
  category: "No category",
  location: "No location",
  country: "No country",
  created_month: "No date",
  last_interaction_month: "No interaction",
};

/** A month of a timestamp, in UTC, as `YYYY-MM`. */
const month = (column: Prisma.Sql) => Prisma.sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM')`;

/** The group key of a card `c` (categories: the card's set of category ids, folded by categoryFold). */
export function groupKeySql(groupBy: TGroupBy): Prisma.Sql {
  switch (groupBy) {
    case "category":
      return Prisma.sql`c.category_ids`;
    case "stage":
      return Prisma.sql`c.stage_id`;
    case "round":
      return Prisma.sql`c.round_id`;
    case "location":
    case "country":
      return Prisma.sql`c.location_id`;
    case "created_month":
      return month(Prisma.sql`c.created_at`);
    case "last_interaction_month":
      return month(Prisma.sql`c.last_interaction_at`);
  }
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * The public key (a slug, or `YYYY-MM`) and name of a group read by the SQL (an id as text for the
 * reference groupings); undefined for an id the reference data no longer holds.
 */
export function groupName(ref: TReferenceData, groupBy: TGroupBy, key: string | null): { key: string | null; name: string } | undefined {
  if (key === null) return { key: null, name: NONE[groupBy] };
  if (groupBy === "created_month" || groupBy === "last_interaction_month") {
    const [year, m] = key.split("-");
    return { key, name: `${MONTHS[Number(m) - 1] ?? m} ${year}` };
  }
  const table = { stage: ref.stages, round: ref.rounds, category: ref.categories, location: ref.locations, country: ref.locations }[
    groupBy
  ];
  const row = table.byId.get(Number(key));
  return row && { key: row.slug, name: row.name };
}

/** The ids of a category set as PostgreSQL writes an int[] (`{3,17}`; `{}` for none). */
const setIds = (set: string | null): number[] => (set ?? "").replace(/[{}]/g, "").split(",").filter(Boolean).map(Number);

/** Whether the reference data knows every stage, round, category or location the SQL's keys name. */
export function keysKnown(ref: TReferenceData, groupBy: TGroupBy, raw: [string | null, number][]): boolean {
  if (groupBy === "created_month" || groupBy === "last_interaction_month") return true;
  const table = { stage: ref.stages, round: ref.rounds, category: ref.categories, location: ref.locations, country: ref.locations }[
    groupBy
  ];
  const ids = raw.flatMap(([key]) => (key === null ? [] : groupBy === "category" ? setIds(key) : [Number(key)]));
  return ids.every((id) => table.byId.has(id));
}

/** The country a location is in (itself when it is one), walking up at most a few levels. */
function countryOf(ref: TReferenceData, locationId: number): number | null {
  let current = ref.locations.byId.get(locationId);
  for (let depth = 0; current && depth < 8; depth++) {
    if (current.type === "country") return current.id;
    current = current.parentId === null ? undefined : ref.locations.byId.get(current.parentId);
  }
  return null;
}

/** Location groups (ids as text) folded into their countries: a location under no country joins the null group. */
export function locationFold(ref: TReferenceData, raw: [string | null, number][]): [string | null, number][] {
  const sums = new Map<string | null, number>();
  for (const [key, n] of raw) {
    const country = key === null ? null : countryOf(ref, Number(key));
    const k = country === null ? null : String(country);
    sums.set(k, (sums.get(k) ?? 0) + n);
  }
  return [...sums];
}

/**
 * Groups of category sets (`{3,17}` as PostgreSQL writes an int[]; `{}` for none) folded into one
 * group per category: a card counts once in each of its categories and each of their ancestors,
 * as the `categories` filter includes children. Cards read once per set, the sets few (thousands
 * at a million cards), so the fold costs little next to a distinct count per category.
 */
export function categoryFold(ref: TReferenceData, raw: [string | null, number][]): [string | null, number][] {
  const sums = new Map<string | null, number>();
  const add = (k: string | null, n: number) => sums.set(k, (sums.get(k) ?? 0) + n);
  for (const [set, n] of raw) {
    const ids = setIds(set);
    if (ids.length === 0) add(null, n);
    const reached = new Set<number>();
    for (const id of ids) {
      let current: number | null = id;
      // The tree is reference data, but it is walked with a bound all the same (a cycle ends it).
      for (let depth = 0; current !== null && depth < 16 && !reached.has(current); depth++) {
        reached.add(current);
        current = ref.categories.byId.get(current)?.parentId ?? null;
      }
    }
    for (const id of reached) add(String(id), n);
  }
  return [...sums];
}
