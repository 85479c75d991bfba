import { idsOf, recordset, rowsParam, upsertSql } from "./upsert-sql";
import { inTransaction, runBatch, validBatches, writeBatches, type TRec, type TWriteCtx } from "./write-context";

/**
 * Participants: upsert by slug, then their sources (the set is replaced), then `associated_with`
 * once every participant of the file exists (a fund may come after its investors).
 */

const TEXT_FIELDS = ["name", "alt_name", "email", "image", "about"] as const;

/** The upsert, answering the ids it inserted or changed as one array. */
const PARTICIPANT_SQL = idsOf(
  upsertSql({
    table: "participant",
    params: [
      ["slug", "text"],
      ...TEXT_FIELDS.map((f): [string, string] => [f, "text"]),
      ["type", "text"],
      ["web3", "bool"],
      ["web2", "bool"],
      ["associated_with", "text"],
      ["monthly_signals", "int"],
      ["created_at", "timestamptz"],
      ["updated_at", "timestamptz"],
    ],
    joins: "JOIN participant_type pt ON pt.slug = u.type LEFT JOIN participant a ON a.slug = u.associated_with",
    insert: [
      ["slug", "u.slug"],
      ...TEXT_FIELDS.map((f): [string, string] => [f, `u.${f}`]),
      ["type_id", "pt.id"],
      ["web3", "u.web3"],
      ["web2", "u.web2"],
      ["associated_with_id", "a.id"],
      ["monthly_signals", "COALESCE(u.monthly_signals, 0)"],
      ["monthly_signals_fixed", "u.monthly_signals IS NOT NULL"],
    ],
    conflict: "(slug)",
    update: [...TEXT_FIELDS, "type_id", "web3", "web2", "monthly_signals_fixed"],
    extraSet: [
      "monthly_signals = CASE WHEN EXCLUDED.monthly_signals_fixed THEN EXCLUDED.monthly_signals ELSE participant.monthly_signals END",
    ],
    extraChange: "EXCLUDED.monthly_signals_fixed AND EXCLUDED.monthly_signals <> participant.monthly_signals",
    createdAt: true,
    updatedAt: true,
    returning: "id",
  }),
);

const ROW_FIELDS = ["slug", ...TEXT_FIELDS, "type", "web3", "web2", "associated_with", "monthly_signals", "created_at", "updated_at"];

/** Replaces the source set of every participant of the batch ($2: their slugs); returns the ids whose set changed. */
const SOURCES_SQL = `
  WITH want AS (
    SELECT p.id AS participant_id, u.slug, u.type, u.link
    FROM ${recordset([
      ["participant", "text"],
      ["slug", "text"],
      ["type", "text"],
      ["link", "text"],
    ])}
    JOIN participant p ON p.slug = u.participant
  ),
  del AS (
    DELETE FROM participant_source ps USING participant p
    WHERE ps.participant_id = p.id AND p.slug = ANY($2::text[])
      AND NOT EXISTS (SELECT 1 FROM want w WHERE w.participant_id = ps.participant_id AND w.type = ps.type AND w.slug = ps.slug)
    RETURNING ps.participant_id
  ),
  ins AS (
    INSERT INTO participant_source (participant_id, slug, type, link)
    SELECT participant_id, slug, type, link FROM want
    ON CONFLICT (participant_id, type, slug) DO UPDATE SET link = EXCLUDED.link
    WHERE participant_source.link IS DISTINCT FROM EXCLUDED.link
    RETURNING participant_id
  )
  SELECT participant_id AS id FROM del UNION SELECT participant_id FROM ins`;

/** A change that is not in the participant row itself still bumps updated_at (unless the line gives it). */
const BUMP_SQL = `
  UPDATE participant SET updated_at = now()
  WHERE id = ANY($1::int[]) AND created_at < $2::timestamptz AND updated_at <> now() AND NOT (slug = ANY($3::text[]))`;

async function writeBatch(ctx: TWriteCtx, b: TRec[]): Promise<void> {
  const sources = b.flatMap((r) =>
    (r.sources as { slug: string; type: string; link: string }[]).map((x) => ({ participant: r.slug, ...x })),
  );
  const givenUpdatedAt = b.filter((r) => r.updated_at !== null).map((r) => String(r.slug));
  await inTransaction(ctx, async (tx) => {
    const [{ ids }] = (await tx.$queryRawUnsafe<{ ids: number[] }[]>(
      PARTICIPANT_SQL,
      rowsParam(b, (r) => Object.fromEntries(ROW_FIELDS.map((f) => [f, r[f]]))),
    )) as [{ ids: number[] }];
    for (const id of ids) ctx.touchedParticipants.add(id);
    const changed = await tx.$queryRawUnsafe<{ id: number }[]>(
      SOURCES_SQL,
      JSON.stringify(sources),
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

const LINK_SQL = `
  UPDATE participant t SET associated_with_id = a.id,
    updated_at = CASE
      WHEN u.updated_at IS NOT NULL THEN u.updated_at
      WHEN t.created_at < $2::timestamptz THEN now()
      ELSE t.updated_at END
  FROM ${recordset([
    ["slug", "text"],
    ["associated_with", "text"],
    ["updated_at", "timestamptz"],
  ])}
  LEFT JOIN participant a ON a.slug = u.associated_with
  WHERE t.slug = u.slug AND t.associated_with_id IS DISTINCT FROM a.id`;

export async function writeParticipants(ctx: TWriteCtx): Promise<void> {
  await writeBatches(ctx, "participant", (b) => writeBatch(ctx, b));
  if (!ctx.written.participant) return;
  for await (const b of validBatches(ctx, "participant")) {
    await runBatch(
      ctx,
      LINK_SQL,
      rowsParam(b, (r) => ({ slug: r.slug, associated_with: r.associated_with, updated_at: r.updated_at })),
      ctx.startedAt,
    );
  }
}
