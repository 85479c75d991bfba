import type { TCardAggregate } from "./card-derived";
import type { TPart } from "./partition";
import { idsOf, recordset, rowsParam, upsertSql } from "./upsert-sql";
import { inTransaction, writeBatches, type TRec, type TWriteCtx } from "./write-context";

/** Cards: upsert by slug (references by slug resolved in SQL), then their category set is replaced. */

const TEXT_FIELDS = ["name", "description", "image", "url"] as const;
const FLAGS = ["trending", "featured", "open_to_intro", "web3", "web2"] as const;
const JSON_FIELDS = ["social_links", "people", "more", "employment_data"] as const;

/** The upsert, answering the ids it inserted or changed as one array. */
const CARD_SQL = idsOf(
  upsertSql({
    table: "card",
    params: [
      ["slug", "text"],
      ...TEXT_FIELDS.map((f): [string, string] => [f, "text"]),
      ["stage", "text"],
      ["round", "text"],
      ["location", "text"],
      ...FLAGS.map((f): [string, string] => [f, "bool"]),
      ["last_round", "date"],
      ...JSON_FIELDS.map((f): [string, string] => [f, "jsonb"]),
      ["profile_id", "int"],
      ["created_at", "timestamptz"],
      ["updated_at", "timestamptz"],
      ["interactions_count", "int"],
      ["first_interaction_at", "timestamptz"],
      ["last_interaction_at", "timestamptz"],
      ["earliest_source_type", "text"],
      ["categories", "text[]"],
    ],
    joins: [
      "LEFT JOIN stage st ON st.slug = u.stage",
      "LEFT JOIN round rd ON rd.slug = u.round",
      "LEFT JOIN location lo ON lo.slug = u.location",
      "LEFT JOIN profile pr ON pr.id = u.profile_id",
      "LEFT JOIN source_type es ON es.slug = u.earliest_source_type",
    ].join("\n"),
    insert: [
      ["slug", "u.slug"],
      ...TEXT_FIELDS.map((f): [string, string] => [f, `u.${f}`]),
      ["stage_id", "st.id"],
      ["round_id", "rd.id"],
      ["location_id", "lo.id"],
      ...FLAGS.map((f): [string, string] => [f, `u.${f}`]),
      ["last_round", "u.last_round"],
      ["social_links", "u.social_links"],
      ["people", "u.people"],
      ["more", "u.more"],
      ["employment_data", "u.employment_data"],
      ["network_a_profile_id", "pr.id"],
      // derived fields, on insert only (see card-derived.ts); never part of the update
      ["interactions_count", "COALESCE(u.interactions_count, 0)"],
      ["first_interaction_at", "u.first_interaction_at"],
      ["last_interaction_at", "u.last_interaction_at"],
      ["earliest_source_type_id", "es.id"],
      // card_category's copy (its triggers keep it; written here, they find nothing to change)
      ["category_ids", "ARRAY(SELECT k.id FROM category k WHERE k.slug = ANY(u.categories) ORDER BY k.id)"],
    ],
    conflict: "(slug)",
    update: [...TEXT_FIELDS, "stage_id", "round_id", "location_id", ...FLAGS, "last_round", ...JSON_FIELDS, "network_a_profile_id"],
    // A change of categories alone is not a change of the card row: CATEGORIES_SQL bumps updated_at.
    extraSet: ["category_ids = EXCLUDED.category_ids"],
    createdAt: true,
    updatedAt: true,
    returning: "id",
  }),
);

/** Replaces the category set of every card of the batch ($2: their slugs); returns the card ids whose set changed. */
const CATEGORIES_SQL = `
  WITH want AS (
    SELECT c.id AS card_id, k.id AS category_id, c.stage_id, c.round_id
    FROM ${recordset([
      ["card", "text"],
      ["category", "text"],
    ])}
    JOIN card c ON c.slug = u.card
    JOIN category k ON k.slug = u.category
  ),
  del AS (
    DELETE FROM card_category cc USING card c
    WHERE cc.card_id = c.id AND c.slug = ANY($2::text[])
      AND NOT EXISTS (SELECT 1 FROM want w WHERE w.card_id = cc.card_id AND w.category_id = cc.category_id)
    RETURNING cc.card_id
  ),
  ins AS (
    INSERT INTO card_category (card_id, category_id, stage_id, round_id) SELECT card_id, category_id, stage_id, round_id FROM want
    ON CONFLICT DO NOTHING RETURNING card_id
  )
  SELECT card_id AS id FROM del UNION SELECT card_id FROM ins`;

const BUMP_SQL = `
  UPDATE card SET updated_at = now()
  WHERE id = ANY($1::int[]) AND created_at < $2::timestamptz AND updated_at <> now() AND NOT (slug = ANY($3::text[]))`;

const ROW_FIELDS = [
  "slug",
  ...TEXT_FIELDS,
  "stage",
  "round",
  "location",
  ...FLAGS,
  "last_round",
  ...JSON_FIELDS,
  "created_at",
  "updated_at",
  "categories",
];

async function writeBatch(ctx: TWriteCtx, b: TRec[], derived: Map<string, TCardAggregate>): Promise<void> {
  const pairs = b.flatMap((r) => (r.categories as string[]).map((category) => ({ card: r.slug, category })));
  const givenUpdatedAt = b.filter((r) => r.updated_at !== null).map((r) => String(r.slug));
  const row = (r: TRec) => {
    const o: TRec = Object.fromEntries(ROW_FIELDS.map((f) => [f, r[f]]));
    const id = r.network_a_profile === null ? null : Number(r.network_a_profile);
    o.profile_id = id === null ? null : (ctx.profileRedirect.get(id) ?? id);
    const agg = derived.get(String(r.slug));
    if (agg) {
      o.interactions_count = agg.count;
      o.first_interaction_at = agg.first;
      o.last_interaction_at = agg.last;
      o.earliest_source_type = agg.firstSource;
    }
    return o;
  };
  await inTransaction(ctx, async (tx) => {
    const [{ ids }] = (await tx.$queryRawUnsafe<{ ids: number[] }[]>(CARD_SQL, rowsParam(b, row))) as [{ ids: number[] }];
    for (const id of ids) ctx.touchedCards.add(id);
    const changed = await tx.$queryRawUnsafe<{ id: number }[]>(
      CATEGORIES_SQL,
      JSON.stringify(pairs),
      b.map((r) => String(r.slug)),
    );
    if (changed.length) {
      await tx.$executeRawUnsafe(
        BUMP_SQL,
        changed.map((r) => r.id),
        ctx.startedAt,
        givenUpdatedAt,
      );
    }
  });
}

/**
 * Writes the cards of one unit (write-units.ts), each inserted with the aggregates of its
 * interactions in the file (`derived`, card-derived.ts; empty when interactions carry explicit
 * ids, which may move them between cards: the unit's recomputation sets those).
 */
export function writeCardsOf(ctx: TWriteCtx, only: TPart | undefined, derived: Map<string, TCardAggregate>): Promise<void> {
  return writeBatches(ctx, "card", (b) => writeBatch(ctx, b, derived), { only });
}
