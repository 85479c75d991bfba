import type { TDb } from "~/server/db/client";

/**
 * The small reference tables (stages, rounds, categories, locations, source types), held in process
 * memory per database handle. Card lists use them to turn filter slugs into ids (expanding a parent
 * category or a region to everything under it) and to format stage, round, category and location
 * objects without joins.
 *
 * Freshness: an entry lives `TTL_MS`; a filter slug that is not found reloads it at once (at most
 * every `MISS_RELOAD_MS`), so newly imported reference data is seen by the next request that names
 * it.
 */

interface TStageRow {
  id: number;
  slug: string;
  name: string;
  position: number;
}

interface TCategoryRow {
  id: number;
  slug: string;
  name: string;
  parentId: number | null;
}

export interface TLocationRow {
  id: number;
  slug: string;
  name: string;
  type: string;
  parentId: number | null;
  scope: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  region: string | null;
  regionSlug: string | null;
}

interface TSourceTypeRow {
  id: number;
  slug: string;
  name: string;
  group: string;
}

interface TTable<T extends { id: number; slug: string }> {
  rows: T[];
  byId: Map<number, T>;
  bySlug: Map<string, T>;
  /** parent id -> child ids (tables with a tree) */
  children: Map<number, number[]>;
  /** id -> position in `rows` (their reading order: name for categories and locations) */
  rank: Map<number, number>;
}

export interface TReferenceData {
  stages: TTable<TStageRow>;
  rounds: TTable<TStageRow>;
  categories: TTable<TCategoryRow>;
  locations: TTable<TLocationRow>;
  sourceTypes: TTable<TSourceTypeRow>;
  loadedAt: number;
}

const TTL_MS = 30_000;
const MISS_RELOAD_MS = 1_000;

const cache = new WeakMap<TDb, Promise<TReferenceData>>();

/** A reference table of `rows` (in their reading order) with its lookups. */
export function referenceTable<T extends { id: number; slug: string; parentId?: number | null }>(rows: T[]): TTable<T> {
  const children = new Map<number, number[]>();
  for (const r of rows) {
    if (r.parentId != null) {
      const list = children.get(r.parentId) ?? [];
      list.push(r.id);
      children.set(r.parentId, list);
    }
  }
  return {
    rows,
    byId: new Map(rows.map((r) => [r.id, r])),
    bySlug: new Map(rows.map((r) => [r.slug, r])),
    children,
    rank: new Map(rows.map((r, i) => [r.id, i])),
  };
}

async function load(db: TDb): Promise<TReferenceData> {
  const [stages, rounds, categories, locations, sourceTypes] = await Promise.all([
    db.$queryRaw<TStageRow[]>`SELECT id, slug, name, position FROM stage ORDER BY position, id`,
    db.$queryRaw<TStageRow[]>`SELECT id, slug, name, position FROM round ORDER BY position, id`,
    db.$queryRaw<TCategoryRow[]>`SELECT id, slug, name, parent_id AS "parentId" FROM category ORDER BY name, id`,
    db.$queryRaw<TLocationRow[]>`
      SELECT id, slug, name, type, parent_id AS "parentId", scope, city, state, country, region,
             region_slug AS "regionSlug"
      FROM location ORDER BY name, id`,
    db.$queryRaw<TSourceTypeRow[]>`SELECT id, slug, name, "group" FROM source_type ORDER BY id`,
  ]);
  return {
    stages: referenceTable(stages),
    rounds: referenceTable(rounds),
    categories: referenceTable(categories),
    locations: referenceTable(locations),
    sourceTypes: referenceTable(sourceTypes),
    loadedAt: Date.now(),
  };
}

function reload(db: TDb): Promise<TReferenceData> {
  const p = load(db);
  cache.set(db, p);
  p.catch(() => cache.delete(db));
  return p;
}

/** The cached reference data of `db` (loaded on first use or when older than the TTL). */
export async function referenceData(db: TDb): Promise<TReferenceData> {
  const current = cache.get(db);
  if (!current) return reload(db);
  const data = await current;
  return Date.now() - data.loadedAt > TTL_MS ? reload(db) : data;
}

/**
 * The reference data again when `data` may predate a slug that was not found in it; `data` itself
 * when it was loaded just now.
 */
export async function referenceDataAfterMiss(db: TDb, data: TReferenceData): Promise<TReferenceData> {
  if (Date.now() - data.loadedAt < MISS_RELOAD_MS) return data;
  return referenceDataNewerThan(db, data);
}

/**
 * Reference data loaded after `data`: a newer load already under way or done is shared (requests
 * that meet the same new id at once read the tables once), else one starts now. For ids read from
 * rows, which name reference data that exists.
 */
export async function referenceDataNewerThan(db: TDb, data: TReferenceData): Promise<TReferenceData> {
  const current = cache.get(db);
  if (current) {
    const latest = await current;
    if (latest !== data) return latest;
  }
  return reload(db);
}

/** Reads the reference tables now (and caches the result): for the reference data endpoints. */
export function freshReferenceData(db: TDb): Promise<TReferenceData> {
  return reload(db);
}

/** `ids` and every descendant of them in a tree table (cycle-safe). */
export function withDescendants(children: Map<number, number[]>, ids: Iterable<number>): number[] {
  const seen = new Set<number>();
  const stack = [...ids];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const c of children.get(id) ?? []) stack.push(c);
  }
  return [...seen];
}
