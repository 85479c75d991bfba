import { env } from "~/server/env";
import type { TLocationRow, TReferenceData } from "../reference/cache";
import { isPlaceholder } from "../reference/placeholder";

/**
 * A card row as the list and detail queries read it, and its list-view shape (the spec's Card
 * table): every field present, stage/round objects always present, location null for empty or
 * placeholder values, datetimes ISO 8601 UTC, last_round YYYY-MM-DD.
 */
export interface TCardRow {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  image: string | null;
  url: string | null;
  stage_id: number | null;
  round_id: number | null;
  location_id: number | null;
  trending: boolean;
  open_to_intro: boolean;
  /** YYYY-MM-DD */
  last_round: string | null;
  social_links: unknown;
  /** datetimes arrive formatted by PostgreSQL (ISO 8601 UTC, milliseconds) */
  created_at: string;
  updated_at: string;
  interactions_count: number;
  first_interaction_at: string | null;
  last_interaction_at: string | null;
  category_ids: number[] | null;
  has_intro_request: boolean;
}

const isoSql = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${col.slice(2)}`;

/** Columns of TCardRow on the card alias `c` (category_ids and has_intro_request come separately). */
export const CARD_COLUMNS = `c.id, c.slug, c.name, c.description, c.image, c.url, c.stage_id, c.round_id, c.location_id,
  c.trending, c.open_to_intro, to_char(c.last_round, 'YYYY-MM-DD') AS last_round, c.social_links, ${isoSql("c.created_at")},
  ${isoSql("c.updated_at")}, c.interactions_count, ${isoSql("c.first_interaction_at")}, ${isoSql("c.last_interaction_at")}`;

interface TNamedSlug {
  name: string;
  slug: string | null;
}

interface TLocationObject {
  formatted: string | null;
  slug: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  region: string | null;
  region_slug: string | null;
  type: string | null;
}

interface TSocialLink {
  key: string;
  name: string;
  url: string;
}

export interface TCardItem {
  id: number;
  slug: string;
  name: string;
  public_url: string;
  description: string | null;
  image: string | null;
  url: string | null;
  interactions_count: number;
  trending: boolean;
  stage: TNamedSlug;
  round: TNamedSlug;
  categories: { name: string; slug: string }[];
  location: TLocationObject | null;
  created_at: string;
  updated_at: string;
  last_round: string | null;
  last_interaction_at: string | null;
  first_interaction_at: string | null;
  social_links: TSocialLink[];
  open_to_intro: boolean;
  has_intro_request: boolean;
}

/** Every list-view field, in output order. */
export const CARD_LIST_FIELDS = [
  "id",
  "slug",
  "name",
  "public_url",
  "description",
  "image",
  "url",
  "interactions_count",
  "trending",
  "stage",
  "round",
  "categories",
  "location",
  "created_at",
  "updated_at",
  "last_round",
  "last_interaction_at",
  "first_interaction_at",
  "social_links",
  "open_to_intro",
  "has_intro_request",
] as const satisfies readonly (keyof TCardItem)[];

const UNKNOWN: TNamedSlug = Object.freeze({ name: "Unknown", slug: null });

function publicUrl(slug: string): string {
  return `${env().BASE_URL}/cards/${encodeURIComponent(slug)}`;
}

/** Absolute URL: a site-relative path gets the service's base address. */
function absoluteUrl(v: string | null): string | null {
  if (v === null || v.trim() === "") return null;
  return v.startsWith("/") && !v.startsWith("//") ? `${env().BASE_URL}${v}` : v;
}

function regionOf(ref: TReferenceData, loc: TLocationRow): TLocationRow | undefined {
  let cur: TLocationRow | undefined = loc;
  for (let depth = 0; cur && depth < 10; depth++) {
    if (cur.type === "region") return cur;
    cur = cur.parentId === null ? undefined : ref.locations.byId.get(cur.parentId);
  }
  return undefined;
}

const clean = (v: string | null) => (isPlaceholder(v) ? null : v!.trim());

function buildLocationObject(ref: TReferenceData, loc: TLocationRow): TLocationObject | null {
  if (isPlaceholder(loc.slug) || isPlaceholder(loc.name)) return null;
  const region = regionOf(ref, loc);
  const parts =
    loc.type === "city"
      ? [loc.name, clean(loc.state), clean(loc.country)]
      : loc.type === "state"
        ? [loc.name, clean(loc.country)]
        : [loc.name];
  const formatted = [...new Set(parts.filter((p): p is string => !!p))].join(", ");
  return Object.freeze({
    formatted: formatted || null,
    slug: loc.slug,
    city: clean(loc.city) ?? (loc.type === "city" ? loc.name : null),
    state: clean(loc.state),
    country: clean(loc.country),
    region: clean(loc.region) ?? region?.name ?? null,
    region_slug: clean(loc.regionSlug) ?? region?.slug ?? null,
    type: clean(loc.type),
  });
}

/**
 * The objects every card of a location, stage or round shares, built once per reference data
 * snapshot (a snapshot never changes; a reload is a new one) and frozen: a page of cards mostly
 * repeats a few of them, and building each again took about 5 % of a list request's CPU.
 */
const shared = new WeakMap<object, Map<number, object | null>>();

function sharedObject<T extends object>(table: object, id: number, build: () => T | null): T | null {
  let byId = shared.get(table);
  if (!byId) shared.set(table, (byId = new Map()));
  let value = byId.get(id) as T | null | undefined;
  if (value === undefined) byId.set(id, (value = build()));
  return value;
}

function locationObject(ref: TReferenceData, id: number | null): TLocationObject | null {
  const loc = id === null ? undefined : ref.locations.byId.get(id);
  return loc ? sharedObject(ref.locations, loc.id, () => buildLocationObject(ref, loc)) : null;
}

function namedSlug(table: TReferenceData["stages"], id: number | null): TNamedSlug {
  const row = id === null ? undefined : table.byId.get(id);
  return row ? sharedObject(table, row.id, () => Object.freeze({ name: row.name, slug: row.slug }))! : UNKNOWN;
}

function socialLinks(v: unknown): TSocialLink[] {
  const links: TSocialLink[] = [];
  if (!Array.isArray(v)) return links;
  for (const l of v as unknown[]) {
    if (!l || typeof l !== "object") continue;
    const { key, name, url } = l as Record<string, unknown>;
    if (typeof url !== "string" || url === "") continue;
    const k = typeof key === "string" && key ? key : typeof name === "string" ? name.toLowerCase() : "link";
    links.push({ key: k, name: typeof name === "string" && name ? name : k, url });
  }
  return links;
}

export function formatCard(ref: TReferenceData, r: TCardRow): TCardItem {
  // Reference rows come sorted by name: their index orders the card's categories.
  const categories = (r.category_ids ?? [])
    .map((id) => ref.categories.byId.get(id))
    .filter((c): c is NonNullable<typeof c> => !!c)
    .sort((a, b) => ref.categories.rank.get(a.id)! - ref.categories.rank.get(b.id)!)
    .map((c) => ({ name: c.name, slug: c.slug }));
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    public_url: publicUrl(r.slug),
    description: r.description,
    image: absoluteUrl(r.image),
    url: r.url,
    interactions_count: r.interactions_count,
    trending: r.trending,
    stage: namedSlug(ref.stages, r.stage_id),
    round: namedSlug(ref.rounds, r.round_id),
    categories,
    location: locationObject(ref, r.location_id),
    created_at: r.created_at,
    updated_at: r.updated_at,
    last_round: r.last_round,
    last_interaction_at: r.last_interaction_at,
    first_interaction_at: r.first_interaction_at,
    social_links: socialLinks(r.social_links),
    open_to_intro: r.open_to_intro,
    has_intro_request: r.has_intro_request,
  };
}
