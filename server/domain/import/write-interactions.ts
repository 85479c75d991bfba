import type { TPart } from "./partition";
import { recordset, rowsParam, upsertSql } from "./upsert-sql";
import { inTransaction, runBatch, writeBatches, type TRec, type TWriteCtx } from "./write-context";

/**
 * Interactions: with an id, upsert by id; without one, upsert by (card, participant, created_at)
 * so that importing the same file again adds nothing. Every card and participant whose
 * interactions changed is recorded for the derived-field recomputation.
 */

const PARAMS: [string, string][] = [
  ["card", "text"],
  ["participant", "text"],
  ["associated_participant", "text"],
  ["source_type", "text"],
  ["created_at", "timestamptz"],
];

const JOINS = [
  "JOIN card c ON c.slug = u.card",
  "JOIN participant p ON p.slug = u.participant",
  "LEFT JOIN participant ap ON ap.slug = u.associated_participant",
  "LEFT JOIN source_type st ON st.slug = u.source_type",
].join("\n");

const INSERT: [string, string][] = [
  ["card_id", "c.id"],
  ["participant_id", "p.id"],
  ["associated_participant_id", "ap.id"],
  ["source_type_id", "st.id"],
  ["created_at", "u.created_at"],
];

/** The cards and participants a statement changed, as two arrays in one row (fewer rows to decode). */
const touchedOf = (sql: string) => `WITH w AS (${sql})
  SELECT coalesce(array_agg(DISTINCT card_id), '{}') AS cards, coalesce(array_agg(DISTINCT participant_id), '{}') AS participants FROM w`;

const BY_NATURAL_KEY_SQL = touchedOf(
  upsertSql({
    table: "interaction",
    params: PARAMS,
    joins: JOINS,
    insert: INSERT,
    conflict: "(card_id, participant_id, created_at)",
    update: ["associated_participant_id", "source_type_id"],
    returning: "card_id, participant_id",
  }),
);

const BY_ID_SQL = touchedOf(
  upsertSql({
    table: "interaction",
    params: [["id", "int"], ...PARAMS],
    joins: JOINS,
    insert: [["id", "u.id"], ...INSERT],
    conflict: "(id)",
    update: ["card_id", "participant_id", "associated_participant_id", "source_type_id", "created_at"],
    returning: "card_id, participant_id",
  }),
);

/** Rows that hold the natural key of an incoming row under another id give way to it. */
const CLEAR_SQL = touchedOf(`
  DELETE FROM interaction i
  USING ${recordset([["id", "int"], ...PARAMS])}
  JOIN card c ON c.slug = u.card JOIN participant p ON p.slug = u.participant
  WHERE i.card_id = c.id AND i.participant_id = p.id AND i.created_at = u.created_at AND i.id <> u.id
  RETURNING i.card_id, i.participant_id`);

/** Where the incoming ids pointed before (an update may move an interaction to another card). */
const BEFORE_SQL = touchedOf(`SELECT card_id, participant_id FROM interaction WHERE id = ANY($1::int[])`);

type TTouched = { cards: number[]; participants: number[] };

const row = (withId: boolean) => (r: TRec) => {
  const o: TRec = {
    card: r.card,
    participant: r.participant,
    associated_participant: r.associated_participant,
    source_type: r.source_type,
    created_at: r.created_at,
  };
  if (withId) o.id = r.id;
  return o;
};

/** Within one statement a natural key may appear once: the last row wins. */
function lastByNaturalKey(b: TRec[]): TRec[] {
  const m = new Map<string, TRec>();
  for (const r of b) {
    const k = `${String(r.card)}\u0000${String(r.participant)}\u0000${String(r.created_at)}`;
    m.delete(k);
    m.set(k, r);
  }
  return [...m.values()];
}

async function writeBatch(ctx: TWriteCtx, batch: TRec[]): Promise<void> {
  const plain = batch.filter((r) => r.id === null);
  const withId = lastByNaturalKey(batch.filter((r) => r.id !== null));
  const touched: TTouched[] = [];
  if (plain.length) touched.push(...(await runBatch<TTouched>(ctx, BY_NATURAL_KEY_SQL, rowsParam(plain, row(false)))));
  if (withId.length) {
    await inTransaction(ctx, async (tx) => {
      const rows = rowsParam(withId, row(true));
      touched.push(
        ...(await tx.$queryRawUnsafe<TTouched[]>(
          BEFORE_SQL,
          withId.map((r) => Number(r.id)),
        )),
      );
      touched.push(...(await tx.$queryRawUnsafe<TTouched[]>(CLEAR_SQL, rows)));
      touched.push(...(await tx.$queryRawUnsafe<TTouched[]>(BY_ID_SQL, rows)));
    });
  }
  for (const t of touched) {
    for (const id of t.cards) ctx.touchedCards.add(id);
    for (const id of t.participants) ctx.touchedParticipants.add(id);
  }
}

/** Writes the interactions of one unit (write-units.ts): those of the unit's cards. */
export function writeInteractionsOf(ctx: TWriteCtx, only: TPart | undefined): Promise<void> {
  return writeBatches(ctx, "interaction", (b) => writeBatch(ctx, b), { size: 2000, only });
}

/** After the interactions: rows inserted with explicit ids bypassed the sequence; it moves past them. */
export async function advanceInteractionIds(db: TWriteCtx["db"]): Promise<void> {
  await db.$queryRawUnsafe(
    `SELECT setval(pg_get_serial_sequence('interaction', 'id'), GREATEST((SELECT max(id) FROM interaction), 1))::text AS v`,
  );
}
