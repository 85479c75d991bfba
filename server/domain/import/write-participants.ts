import { column, upsertSql } from "./upsert-sql";
import { s, validBatches, writeBatches, type TRec, type TWriteCtx } from "./write-context";

/**
 * Participants: upsert by slug, then their sources (the set is replaced), then `associated_with`
 * once every participant of the file exists (a fund may come after its investors).
 */

const TEXT_FIELDS = ["name", "alt_name", "email", "image", "about"] as const;

const PARTICIPANT_SQL = upsertSql({
  table: "participant",
  params: [
    ["slug", "text"],
    ...TEXT_FIELDS.map((f): [string, string] => [f, "text"]),
    ["type", "text"],
    ["web3", "bool"],
    ["web2", "bool"],
    ["assoc", "text"],
    ["monthly_signals", "int"],
    ["created_at", "text"],
    ["updated_at", "text"],
  ],
  joins: "JOIN participant_type pt ON pt.slug = u.type LEFT JOIN participant a ON a.slug = u.assoc",
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
});

/** Replaces the source set of every participant of the batch; returns the ids whose set changed. */
const SOURCES_SQL = `
  WITH want AS (
    SELECT p.id AS participant_id, u.slug, u.type, u.link
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS u(participant, slug, type, link)
    JOIN participant p ON p.slug = u.participant
  ),
  del AS (
    DELETE FROM participant_source ps USING participant p
    WHERE ps.participant_id = p.id AND p.slug = ANY($5::text[])
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
  const sources = b.flatMap((r) => (r.sources as { slug: string; type: string; link: string }[]).map((x) => ({ p: String(r.slug), ...x })));
  const givenUpdatedAt = b.filter((r) => r.updated_at !== null).map((r) => String(r.slug));
  await ctx.db.$transaction(async (tx) => {
    const rows = await tx.$queryRawUnsafe<{ id: number }[]>(
      PARTICIPANT_SQL,
      column(b, (r) => s(r.slug)),
      ...TEXT_FIELDS.map((f) => column(b, (r) => s(r[f]))),
      column(b, (r) => s(r.type)),
      column(b, (r) => r.web3),
      column(b, (r) => r.web2),
      column(b, (r) => s(r.associated_with)),
      column(b, (r) => r.monthly_signals),
      column(b, (r) => s(r.created_at)),
      column(b, (r) => s(r.updated_at)),
    );
    for (const r of rows) ctx.touchedParticipants.add(r.id);
    const changed = await tx.$queryRawUnsafe<{ id: number }[]>(
      SOURCES_SQL,
      column(sources, (x) => x.p),
      column(sources, (x) => x.slug),
      column(sources, (x) => x.type),
      column(sources, (x) => x.link),
      column(b, (r) => s(r.slug)),
    );
    if (changed.length) {
      await tx.$executeRawUnsafe(BUMP_SQL, changed.map((r) => r.id), ctx.startedAt, givenUpdatedAt);
    }
  });
}

const LINK_SQL = `
  UPDATE participant t SET associated_with_id = a.id,
    updated_at = CASE
      WHEN u.updated_at IS NOT NULL THEN u.updated_at::timestamptz
      WHEN t.created_at < $4::timestamptz THEN now()
      ELSE t.updated_at END
  FROM unnest($1::text[], $2::text[], $3::text[]) AS u(slug, assoc, updated_at)
  LEFT JOIN participant a ON a.slug = u.assoc
  WHERE t.slug = u.slug AND t.associated_with_id IS DISTINCT FROM a.id`;

export async function writeParticipants(ctx: TWriteCtx): Promise<void> {
  await writeBatches(ctx, "participant", (b) => writeBatch(ctx, b));
  if (!ctx.written.participant) return;
  for await (const b of validBatches(ctx, "participant")) {
    await ctx.db.$executeRawUnsafe(
      LINK_SQL,
      column(b, (r) => s(r.slug)),
      column(b, (r) => s(r.associated_with)),
      column(b, (r) => s(r.updated_at)),
      ctx.startedAt,
    );
  }
}
