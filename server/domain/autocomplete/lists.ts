import type { TDb } from "~/server/db/client";
import { referenceData, type TReferenceData } from "~/server/domain/reference/cache";
import { Prisma } from "~/server/db/generated/prisma/client";
import { USABLE_BY_ACCOUNT } from "~/server/domain/saved-filters/filters";
import { FOLDER_USABLE_BY_ACCOUNT } from "~/server/domain/userdata/folders";
import { matchNormalized, normalizeName } from "./match";
import type { TAutocompleteHit, TAutocompleteType } from "./types";

/**
 * The small lists typeahead searches in memory: the reference data (from its process cache) and
 * the caller's folders and saved filters (at most 500 and 100, with the team's shared ones).
 */

interface TItem {
  slug?: string;
  id?: number;
  name: string;
  context: string;
}

/** An item with its name and slug normalized once. */
interface TPrepared {
  item: TItem;
  name: string;
  slug?: string;
}

const prepare = (items: TItem[]): TPrepared[] =>
  items.map((item) => ({ item, name: normalizeName(item.name), slug: item.slug && normalizeName(item.slug) }));

function matching(type: TAutocompleteType, items: TPrepared[], query: string): TAutocompleteHit[] {
  const q = normalizeName(query);
  const out: TAutocompleteHit[] = [];
  for (const { item, name, slug } of items) {
    const match = matchNormalized(name, q) ?? (slug !== undefined ? matchNormalized(slug, q) : null);
    if (match) out.push({ type, ...item, match, weight: 0 });
  }
  return out;
}

const LOCATION_KINDS: Record<string, string> = { region: "Region", country: "Country", state: "State", city: "City" };

type TReferenceKind = "stage" | "round" | "category" | "location";

/** The reference data as typeahead items, prepared once per load of the reference cache. */
const preparedReference = new WeakMap<TReferenceData, Record<TReferenceKind, TPrepared[]>>();

function referenceItems(ref: TReferenceData): Record<TReferenceKind, TPrepared[]> {
  let items = preparedReference.get(ref);
  if (!items) {
    const categoryContext = (parentId: number | null) => {
      const parent = parentId !== null ? ref.categories.byId.get(parentId) : undefined;
      return parent ? `Category in ${parent.name}` : "Category";
    };
    const locationContext = (type: string, parentId: number | null) => {
      const parent = parentId !== null ? ref.locations.byId.get(parentId) : undefined;
      const kind = LOCATION_KINDS[type] ?? "Location";
      return parent ? `${kind} in ${parent.name}` : kind;
    };
    items = {
      stage: prepare(ref.stages.rows.map((s) => ({ slug: s.slug, name: s.name, context: "Stage" }))),
      round: prepare(ref.rounds.rows.map((r) => ({ slug: r.slug, name: r.name, context: "Round" }))),
      category: prepare(ref.categories.rows.map((c) => ({ slug: c.slug, name: c.name, context: categoryContext(c.parentId) }))),
      location: prepare(ref.locations.rows.map((l) => ({ slug: l.slug, name: l.name, context: locationContext(l.type, l.parentId) }))),
    };
    preparedReference.set(ref, items);
  }
  return items;
}

/** Stages, rounds, categories and locations whose name (or slug) matches. */
export async function referenceHits(db: TDb, query: string, types: ReadonlySet<TAutocompleteType>): Promise<TAutocompleteHit[]> {
  const items = referenceItems(await referenceData(db));
  return (["stage", "round", "category", "location"] as const).flatMap((kind) =>
    types.has(kind) ? matching(kind, items[kind], query) : [],
  );
}

const shared = (visibility: string) => (visibility === "team" ? " · shared with the team" : "");

/** The caller's folders and saved filters (its own and its team's shared ones) whose name matches: one statement reads both. */
export async function ownListHits(
  db: TDb,
  accountId: number,
  query: string,
  types: ReadonlySet<TAutocompleteType>,
): Promise<TAutocompleteHit[]> {
  const parts: Prisma.Sql[] = [];
  if (types.has("saved_filter")) {
    parts.push(
      Prisma.sql`SELECT 'saved_filter' AS kind, f.id, f.name, f.visibility FROM saved_filter f JOIN account a ON a.id = ${accountId} WHERE ${USABLE_BY_ACCOUNT}`,
    );
  }
  if (types.has("folder")) {
    parts.push(
      Prisma.sql`SELECT 'folder' AS kind, f.id, f.name, f.visibility FROM folder f JOIN account a ON a.id = ${accountId} WHERE ${FOLDER_USABLE_BY_ACCOUNT}`,
    );
  }
  if (parts.length === 0) return [];
  const rows = await db.$queryRaw<{ kind: "saved_filter" | "folder"; id: number; name: string; visibility: string }[]>(
    Prisma.join(parts, " UNION ALL "),
  );
  const items = (kind: "saved_filter" | "folder", label: string) =>
    prepare(rows.filter((r) => r.kind === kind).map((r) => ({ id: r.id, name: r.name, context: `${label}${shared(r.visibility)}` })));
  return [
    ...matching("saved_filter", items("saved_filter", "Saved filter"), query),
    ...matching("folder", items("folder", "Folder"), query),
  ];
}
