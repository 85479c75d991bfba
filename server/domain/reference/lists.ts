import type { TDb } from "~/server/db/client";
import { isPlaceholder } from "./placeholder";
import { freshReferenceData, type TLocationRow, type TReferenceData } from "./cache";

/**
 * The reference data endpoints (docs/api.md shapes): stages and rounds in their natural order,
 * categories as parents with their children, locations as regions with everything under them,
 * source types. Read fresh from the database on each call (small tables); the read also renews
 * the in-process cache the card lists use.
 */

export interface TSlugName {
  slug: string;
  name: string;
}

export async function stagesList(db: TDb): Promise<TSlugName[]> {
  return (await freshReferenceData(db)).stages.rows.map(({ slug, name }) => ({ slug, name }));
}

export async function roundsList(db: TDb): Promise<TSlugName[]> {
  return (await freshReferenceData(db)).rounds.rows.map(({ slug, name }) => ({ slug, name }));
}

export async function sourceTypesList(db: TDb): Promise<(TSlugName & { group: string })[]> {
  return (await freshReferenceData(db)).sourceTypes.rows.map(({ slug, name, group }) => ({ slug, name, group }));
}

/** Rows under `id` in depth-first order, children sorted by name at each level. */
function descendants<T extends { id: number; name: string }>(
  table: { byId: Map<number, T>; children: Map<number, number[]> },
  id: number,
  seen = new Set<number>([id]),
): T[] {
  const kids = (table.children.get(id) ?? [])
    .filter((k) => !seen.has(k))
    .map((k) => table.byId.get(k)!)
    .sort((a, b) => a.name.localeCompare(b.name));
  return kids.flatMap((k) => {
    seen.add(k.id);
    return [k, ...descendants(table, k.id, seen)];
  });
}

const isRoot = <T extends { parentId: number | null }>(table: { byId: Map<number, T> }, r: T) =>
  r.parentId === null || !table.byId.has(r.parentId);

export interface TCategoryNode extends TSlugName {
  children: TSlugName[];
}

/** Top-level categories with every category under them (deeper levels flattened into children). */
export async function categoryTree(db: TDb): Promise<{ data: TCategoryNode[]; total: number }> {
  const ref = await freshReferenceData(db);
  const t = ref.categories;
  const data = t.rows
    .filter((r) => isRoot(t, r))
    .map((r) => ({ slug: r.slug, name: r.name, children: descendants(t, r.id).map(({ slug, name }) => ({ slug, name })) }));
  return { data, total: t.rows.length };
}

export interface TLocationChild extends TSlugName {
  type: string;
  parent: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
}

interface TRegionNode extends TSlugName {
  scope: "us" | "world";
  children: TLocationChild[];
}

function child(ref: TReferenceData, r: TLocationRow): TLocationChild {
  const parent = r.parentId === null ? undefined : ref.locations.byId.get(r.parentId);
  return { slug: r.slug, name: r.name, type: r.type, parent: parent?.slug ?? null, city: r.city, state: r.state, country: r.country };
}

/** Regions (and any other top-level location) with every location under them; placeholders left out. */
export async function locationTree(db: TDb) {
  const ref = await freshReferenceData(db);
  const t = ref.locations;
  const real = (r: TLocationRow) => !isPlaceholder(r.slug) && !isPlaceholder(r.name);
  const data: TRegionNode[] = t.rows
    .filter((r) => isRoot(t, r) && real(r))
    .sort((a, b) => Number(b.type === "region") - Number(a.type === "region") || a.name.localeCompare(b.name))
    .map((r) => ({
      slug: r.slug,
      name: r.name,
      scope: r.scope === "us" ? "us" : "world",
      children: descendants(t, r.id)
        .filter(real)
        .map((c) => child(ref, c)),
    }));
  const regions = data.filter((d) => t.bySlug.get(d.slug)?.type === "region");
  return {
    data,
    total: t.rows.filter(real).length,
    usRegions: regions.filter((r) => r.scope === "us").length,
    worldRegions: regions.filter((r) => r.scope === "world").length,
  };
}
