import { column, jsonText, upsertSql } from "./upsert-sql";
import { s, writeBatches, type TRec, type TWriteCtx } from "./write-context";

/** Cards: upsert by slug (references by slug resolved in SQL), then their category set is replaced. */

const TEXT_FIELDS = ["name", "description", "image", "url"] as const;
const FLAGS = ["trending", "featured", "open_to_intro", "web3", "web2"] as const;
const JSON_FIELDS = ["social_links", "people", "more", "employment_data"] as const;

const CARD_SQL = upsertSql({
  table: "card",
  params: [
    ["slug", "text"],
    ...TEXT_FIELDS.map((f): [string, string] => [f, "text"]),
    ["stage", "text"],
    ["round", "text"],
    ["location", "text"],
    ...FLAGS.map((f): [string, string] => [f, "bool"]),
    ["last_round", "text"],
    ...JSON_FIELDS.map((f): [string, string] => [f, "text"]),
    ["profile_id", "int"],
    ["created_at", "text"],
    ["updated_at", "text"],
  ],
  joins: [
    "LEFT JOIN stage st ON st.slug = u.stage",
    "LEFT JOIN round rd ON rd.slug = u.round",
    "LEFT JOIN location lo ON lo.slug = u.location",
    "LEFT JOIN profile pr ON pr.id = u.profile_id",
  ].join("\n"),
  insert: [
    ["slug", "u.slug"],
    ...TEXT_FIELDS.map((f): [string, string] => [f, `u.${f}`]),
    ["stage_id", "st.id"],
    ["round_id", "rd.id"],
    ["location_id", "lo.id"],
    ...FLAGS.map((f): [string, string] => [f, `u.${f}`]),
    ["last_round", "u.last_round::date"],
    ["social_links", "COALESCE(u.social_links::jsonb, '[]'::jsonb)"],
    ["people", "COALESCE(u.people::jsonb, '[]'::jsonb)"],
    ["more", "u.more::jsonb"],
    ["employment_data", "u.employment_data::jsonb"],
    ["network_a_profile_id", "pr.id"],
  ],
  conflict: "(slug)",
  update: [
    ...TEXT_FIELDS,
    "stage_id",
    "round_id",
    "location_id",
    ...FLAGS,
    "last_round",
    ...JSON_FIELDS,
    "network_a_profile_id",
  ],
  createdAt: true,
  updatedAt: true,
  returning: "id",
});

/** Replaces the category set of every card of the batch; returns the card ids whose set changed. */
const CATEGORIES_SQL = `
  WITH want AS (
    SELECT c.id AS card_id, k.id AS category_id
    FROM unnest($1::text[], $2::text[]) AS u(card, category)
    JOIN card c ON c.slug = u.card
    JOIN category k ON k.slug = u.category
  ),
  del AS (
    DELETE FROM card_category cc USING card c
    WHERE cc.card_id = c.id AND c.slug = ANY($3::text[])
      AND NOT EXISTS (SELECT 1 FROM want w WHERE w.card_id = cc.card_id AND w.category_id = cc.category_id)
    RETURNING cc.card_id
  ),
  ins AS (
    INSERT INTO card_category (card_id, category_id) SELECT card_id, category_id FROM want
    ON CONFLICT DO NOTHING RETURNING card_id
  )
  SELECT card_id AS id FROM del UNION SELECT card_id FROM ins`;

const BUMP_SQL = `
  UPDATE card SET updated_at = now()
  WHERE id = ANY($1::int[]) AND created_at < $2::timestamptz AND updated_at <> now() AND NOT (slug = ANY($3::text[]))`;

async function writeBatch(ctx: TWriteCtx, b: TRec[]): Promise<void> {
  const pairs = b.flatMap((r) => (r.categories as string[]).map((c) => [String(r.slug), c] as const));
  const givenUpdatedAt = b.filter((r) => r.updated_at !== null).map((r) => String(r.slug));
  const profileOf = (r: TRec) => {
    if (r.network_a_profile === null) return null;
    const id = Number(r.network_a_profile);
    return ctx.profileRedirect.get(id) ?? id;
  };
  await ctx.db.$transaction(async (tx) => {
    const rows = await tx.$queryRawUnsafe<{ id: number }[]>(
      CARD_SQL,
      column(b, (r) => s(r.slug)),
      ...TEXT_FIELDS.map((f) => column(b, (r) => s(r[f]))),
      column(b, (r) => s(r.stage)),
      column(b, (r) => s(r.round)),
      column(b, (r) => s(r.location)),
      ...FLAGS.map((f) => column(b, (r) => r[f])),
      column(b, (r) => s(r.last_round)),
      ...JSON_FIELDS.map((f) => column(b, (r) => jsonText(r[f]))),
      column(b, profileOf),
      column(b, (r) => s(r.created_at)),
      column(b, (r) => s(r.updated_at)),
    );
    for (const r of rows) ctx.touchedCards.add(r.id);
    const changed = await tx.$queryRawUnsafe<{ id: number }[]>(
      CATEGORIES_SQL,
      pairs.map((p) => p[0]),
      pairs.map((p) => p[1]),
      column(b, (r) => s(r.slug)),
    );
    if (changed.length) {
      await tx.$executeRawUnsafe(BUMP_SQL, changed.map((r) => r.id), ctx.startedAt, givenUpdatedAt);
    }
  });
}

export async function writeCards(ctx: TWriteCtx): Promise<void> {
  await writeBatches(ctx, "card", (b) => writeBatch(ctx, b));
}
