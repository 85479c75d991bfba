import { z } from "zod";
import type { TKind } from "./types";
import { canonicalTimestamp, distinct, zDate, zJsonObject, zName, zSlug, zTimestamp } from "./values";

/**
 * One zod schema per line kind (docs/import-format.md), then `normalizeRecord`: absent optional keys
 * become null / [] / false (a line is the whole record, so importing it again gives the same
 * row), timestamps take their canonical form. The normalised record is what gets spooled.
 */

const MAX_INT = 2_147_483_647;
const zId = z.number().int().positive().max(MAX_INT);
const str = z.string().nullish();
const slug = zSlug.nullish();
const bool = z.boolean().nullish();
const ts = zTimestamp.nullish();
const list = <T extends z.ZodType>(item: T) => z.array(item).nullish();

const CLASSIFICATIONS = ["strong_potential_founder", "potential_founder", "noise"] as const;
const PATHS = ["declared_founder", "imminent_founder"] as const;

const zRanked = z.object({ slug: zSlug, name: zName, position: z.number().int().nullish() });

export const LINE_SCHEMAS = {
  stage: zRanked,
  round: zRanked,
  category: z.object({ slug: zSlug, name: zName, parent: slug }),
  location: z.object({
    slug: zSlug,
    name: zName,
    type: z.enum(["region", "country", "state", "city"]),
    parent: slug,
    scope: z.enum(["us", "world"]).nullish(),
    city: str,
    state: str,
    country: str,
    region: str,
  }),
  source_type: z.object({ slug: zSlug, name: zName, group: zName }),
  participant_type: z.object({ slug: zSlug, name: zName }),
  participant: z.object({
    slug: zSlug,
    name: zName,
    alt_name: str,
    email: str,
    image: str,
    about: str,
    type: zSlug,
    web3: bool,
    web2: bool,
    associated_with: slug,
    sources: list(z.object({ slug: z.string().min(1), type: z.string().min(1), link: z.string() })),
    monthly_signals: z.number().int().min(0).max(MAX_INT).nullish(),
    created_at: ts,
    updated_at: ts,
  }),
  card: z.object({
    slug: zSlug,
    name: zName,
    description: str,
    image: str,
    url: str,
    stage: slug,
    round: slug,
    categories: list(zSlug),
    location: slug,
    social_links: list(z.object({ key: z.string(), name: z.string(), url: z.string() })),
    trending: bool,
    featured: bool,
    open_to_intro: bool,
    web3: bool,
    web2: bool,
    last_round: zDate.nullish(),
    people: list(zJsonObject),
    network_a_profile: zId.nullish(),
    more: zJsonObject.nullish(),
    employment_data: zJsonObject.nullish(),
    created_at: ts,
    updated_at: ts,
  }),
  interaction: z.object({
    id: zId.nullish(),
    card: zSlug,
    participant: zSlug,
    associated_participant: slug,
    source_type: slug,
    created_at: zTimestamp,
  }),
  profile: z.object({
    id: zId,
    name: zName,
    headline: str,
    summary: str,
    location: str,
    network_a: z.object({ url: str, image_url: str, urn: str }).nullish(),
    classification: z.enum(CLASSIFICATIONS).nullish(),
    path: z.enum(PATHS).nullish(),
    status: str,
    out_of_stealth_date: ts,
    education: list(z.looseObject({ school: str, degree: str })),
    experience: list(
      z.looseObject({ title: str, company: str, startDate: zDate.nullish(), endDate: zDate.nullish(), location: str, description: str }),
    ),
    notable_achievements: str,
    new_company: z.object({ name: str, description: str, website: str, logo: str, network_a_url: str }).nullish(),
    tags: list(z.string()),
    created_at: ts,
    updated_at: ts,
  }),
  collection: z.object({
    slug: zSlug,
    name: zName,
    description: str,
    visibility: z.enum(["shared", "private"]).nullish(),
    active: bool,
    criteria: z
      .strictObject({
        classification: z.array(z.enum(CLASSIFICATIONS)).optional(),
        path: z.array(z.enum(PATHS)).optional(),
        tags: z.array(z.string()).optional(),
        countries: z.array(z.string()).optional(),
        search: z.string().optional(),
      })
      .nullish(),
    created_at: ts,
    updated_at: ts,
  }),
  network_b_profile: z.object({
    user_id: z.union([z.string().regex(/^\d+$/, "must be a numeric string"), z.number().int().nonnegative()]),
    username: zName,
    name: str,
    bio: str,
    location: str,
    url: str,
    followers: z.number().int().min(0).max(MAX_INT).nullish(),
    recent_posts: list(z.unknown()),
    followed_accounts: list(z.unknown()),
    updated_at: ts,
  }),
} satisfies Record<TKind, z.ZodType>;

export type TRec = Record<string, unknown>;

const EMPTY: readonly unknown[] = Object.freeze([]);
const TIMESTAMPS = ["created_at", "updated_at", "out_of_stealth_date"];

/** Value of an absent key, per kind (keys not listed default to null). */
const DEFAULTS: Partial<Record<TKind, TRec>> = {
  stage: { position: 0 },
  round: { position: 0 },
  participant: { web3: false, web2: false, sources: EMPTY },
  card: {
    categories: EMPTY,
    social_links: EMPTY,
    people: EMPTY,
    trending: false,
    featured: false,
    open_to_intro: false,
    web3: false,
    web2: false,
  },
  profile: { network_a: { url: null, image_url: null, urn: null }, education: EMPTY, experience: EMPTY, tags: EMPTY },
  collection: { description: "", visibility: "shared", active: true, criteria: {} },
  network_b_profile: { followers: 0, recent_posts: EMPTY, followed_accounts: EMPTY },
};

const SHAPE_KEYS = Object.fromEntries(Object.entries(LINE_SCHEMAS).map(([kind, schema]) => [kind, Object.keys(schema.shape)])) as Record<
  TKind,
  string[]
>;

/** Fills defaults and canonical forms into a record that passed its schema. */
export function normalizeRecord(kind: TKind, rec: TRec): TRec {
  const defaults = DEFAULTS[kind];
  for (const key of SHAPE_KEYS[kind]) {
    if (rec[key] === undefined || rec[key] === null) rec[key] = defaults?.[key] ?? null;
  }
  for (const key of TIMESTAMPS) {
    if (typeof rec[key] === "string") rec[key] = canonicalTimestamp(rec[key] as string);
  }
  switch (kind) {
    case "card":
      rec.categories = distinct(rec.categories as string[]);
      break;
    case "participant":
      rec.sources = distinct(rec.sources as { type: string; slug: string }[], (s) => `${s.type}\u0000${s.slug}`);
      break;
    case "profile": {
      const n = rec.network_a as TRec;
      rec.network_a = { url: n.url ?? null, image_url: n.image_url ?? null, urn: n.urn ?? null };
      const c = rec.new_company as TRec | null;
      if (c)
        rec.new_company = {
          name: c.name ?? null,
          description: c.description ?? null,
          website: c.website ?? null,
          logo: c.logo ?? null,
          network_a_url: c.network_a_url ?? null,
        };
      break;
    }
    case "collection": {
      const c = rec.criteria as TRec;
      if (Array.isArray(c.countries)) c.countries = (c.countries as string[]).map((x) => x.trim().toLowerCase());
      break;
    }
    case "network_b_profile":
      rec.user_id = String(rec.user_id);
      break;
  }
  return rec;
}

/** The key a record is upserted by (and referred to by), or null (id-less interactions). */
export function recordKey(kind: TKind, rec: TRec): string | null {
  switch (kind) {
    case "profile":
      return rec.id === undefined ? null : String(rec.id);
    case "network_b_profile":
      return rec.user_id === undefined ? null : String(rec.user_id);
    case "interaction":
      return rec.id == null ? null : String(rec.id);
    default:
      return typeof rec.slug === "string" ? rec.slug : null;
  }
}
