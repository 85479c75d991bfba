import { collapseDuplicateProfiles } from "./profile-dedupe";
import { rowsParam, upsertSql } from "./upsert-sql";
import { runBatch, s, writeBatches, type TRec, type TWriteCtx } from "./write-context";

/** Raw data: network profiles (by id), collections (by slug), network_b profiles (by user_id). */

/** The country part of a profile location: its last comma-separated part, lower-cased. */
export function countryOf(location: string | null): string | null {
  if (!location) return null;
  const last = location.split(",").pop()!.trim().toLowerCase();
  return last || null;
}

const PROFILE_TEXT = [
  "name",
  "headline",
  "summary",
  "location",
  "country",
  "network_a_url",
  "network_a_image_url",
  "network_a_urn",
  "classification",
  "path",
  "status",
  "notable_achievements",
] as const;
const PROFILE_JSON = ["education", "experience", "new_company"] as const;

const PROFILE_SQL = upsertSql({
  table: "profile",
  params: [
    ["id", "int"],
    ...PROFILE_TEXT.map((f): [string, string] => [f, "text"]),
    ["out_of_stealth_date", "timestamptz"],
    ...PROFILE_JSON.map((f): [string, string] => [f, "jsonb"]),
    ["tags", "text[]"],
    ["created_at", "timestamptz"],
    ["updated_at", "timestamptz"],
  ],
  insert: [
    ["id", "u.id"],
    ...PROFILE_TEXT.map((f): [string, string] => [f, `u.${f}`]),
    ["out_of_stealth_date", "u.out_of_stealth_date"],
    ...PROFILE_JSON.map((f): [string, string] => [f, `u.${f}`]),
    ["tags", "u.tags"],
  ],
  conflict: "(id)",
  update: [...PROFILE_TEXT, "out_of_stealth_date", ...PROFILE_JSON, "tags"],
  createdAt: true,
  updatedAt: true,
});

type TNetworkA = { url: string | null; image_url: string | null; urn: string | null };
type TProfileRec = TRec;

const net = (r: TProfileRec) => r.network_a as TNetworkA;

const PROFILE_VALUE: Record<(typeof PROFILE_TEXT)[number], (r: TProfileRec) => string | null> = {
  name: (r) => s(r.name),
  headline: (r) => s(r.headline),
  summary: (r) => s(r.summary),
  location: (r) => s(r.location),
  country: (r) => countryOf(s(r.location)),
  network_a_url: (r) => net(r).url,
  network_a_image_url: (r) => net(r).image_url,
  network_a_urn: (r) => net(r).urn,
  classification: (r) => s(r.classification),
  path: (r) => s(r.path),
  status: (r) => s(r.status),
  notable_achievements: (r) => s(r.notable_achievements),
};

export async function writeProfiles(ctx: TWriteCtx): Promise<void> {
  await writeBatches(ctx, "profile", async (b) => {
    await runBatch(
      ctx,
      PROFILE_SQL,
      rowsParam(b, (r) => ({
        id: r.id,
        ...Object.fromEntries(PROFILE_TEXT.map((f) => [f, PROFILE_VALUE[f](r)])),
        out_of_stealth_date: r.out_of_stealth_date,
        education: r.education,
        experience: r.experience,
        new_company: r.new_company,
        tags: r.tags,
        created_at: r.created_at,
        updated_at: r.updated_at,
      })),
    );
  });
  if (!ctx.written.profile) return;
  for (const [from, to] of await collapseDuplicateProfiles(ctx.db)) ctx.profileRedirect.set(from, to);
}

const COLLECTION_SQL = upsertSql({
  table: "collection",
  params: [
    ["slug", "text"],
    ["name", "text"],
    ["description", "text"],
    ["visibility", "text"],
    ["active", "bool"],
    ["criteria", "jsonb"],
    ["created_at", "timestamptz"],
    ["updated_at", "timestamptz"],
  ],
  insert: [
    ["slug", "u.slug"],
    ["name", "u.name"],
    ["description", "u.description"],
    ["visibility", "u.visibility"],
    ["active", "u.active"],
    ["criteria", "u.criteria"],
  ],
  conflict: "(slug)",
  update: ["name", "description", "visibility", "active", "criteria"],
  createdAt: true,
  updatedAt: true,
});

export async function writeCollections(ctx: TWriteCtx): Promise<void> {
  await writeBatches(
    ctx,
    "collection",
    async (b) => {
      await runBatch(
        ctx,
        COLLECTION_SQL,
        rowsParam(b, (r) => ({
          slug: r.slug,
          name: r.name,
          description: r.description,
          visibility: r.visibility,
          active: r.active,
          criteria: r.criteria,
          created_at: r.created_at,
          updated_at: r.updated_at,
        })),
      );
    },
    { lanes: 1 },
  );
}

const NB_TEXT = ["username", "name", "bio", "location", "url"] as const;

const NETWORK_B_SQL = upsertSql({
  table: "network_b_profile",
  params: [
    ["user_id", "text"],
    ...NB_TEXT.map((f): [string, string] => [f, "text"]),
    ["followers", "int"],
    ["recent_posts", "jsonb"],
    ["followed_accounts", "jsonb"],
    ["updated_at", "timestamptz"],
  ],
  insert: [
    ["user_id", "u.user_id"],
    ...NB_TEXT.map((f): [string, string] => [f, `u.${f}`]),
    ["followers", "u.followers"],
    ["recent_posts", "u.recent_posts"],
    ["followed_accounts", "u.followed_accounts"],
  ],
  conflict: "(user_id)",
  update: [...NB_TEXT, "followers", "recent_posts", "followed_accounts"],
  updatedAt: true,
});

export async function writeNetworkBProfiles(ctx: TWriteCtx): Promise<void> {
  await writeBatches(ctx, "network_b_profile", async (b) => {
    await runBatch(
      ctx,
      NETWORK_B_SQL,
      rowsParam(b, (r) => ({
        user_id: r.user_id,
        ...Object.fromEntries(NB_TEXT.map((f) => [f, s(r[f])])),
        followers: r.followers,
        recent_posts: r.recent_posts,
        followed_accounts: r.followed_accounts,
        updated_at: r.updated_at,
      })),
    );
  });
}
