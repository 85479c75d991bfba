import type { TDb } from "~/server/db/client";

/**
 * Fields derived from interactions, recomputed set-based in chunks of cards or participants
 * (one statement per chunk, no per-row round trips). Only rows whose value changes are written.
 * Callers that write interactions call these with the affected ids; without ids every row is
 * recomputed (e.g. a daily refresh of the 30-day `monthly_signals` window).
 */

const CHUNK = 5000;

const CARD_SQL = (filter: string) => `
  UPDATE card c SET
    interactions_count = d.cnt,
    first_interaction_at = d.first_at,
    last_interaction_at = d.last_at,
    earliest_source_type_id = d.source_type_id
  FROM (
    SELECT k.id, a.cnt, a.first_at, a.last_at, e.source_type_id
    FROM card k
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS cnt, min(i.created_at) AS first_at, max(i.created_at) AS last_at
      FROM interaction i WHERE i.card_id = k.id
    ) a
    LEFT JOIN LATERAL (
      SELECT i.source_type_id FROM interaction i WHERE i.card_id = k.id ORDER BY i.created_at ASC, i.id ASC LIMIT 1
    ) e ON true
    WHERE ${filter}
  ) d
  WHERE c.id = d.id
    AND (c.interactions_count, c.first_interaction_at, c.last_interaction_at, c.earliest_source_type_id)
        IS DISTINCT FROM (d.cnt, d.first_at, d.last_at, d.source_type_id)`;

const PARTICIPANT_SQL = (filter: string) => `
  UPDATE participant p SET monthly_signals = d.n
  FROM (
    SELECT k.id, (
      SELECT count(*)::int FROM interaction i
      WHERE i.participant_id = k.id AND i.created_at >= now() - interval '30 days'
    ) AS n
    FROM participant k
    WHERE NOT k.monthly_signals_fixed AND ${filter}
  ) d
  WHERE p.id = d.id AND p.monthly_signals IS DISTINCT FROM d.n`;

type TProgress = (done: number, total: number) => void;

async function inChunks(
  db: TDb,
  table: "card" | "participant",
  sql: (filter: string) => string,
  ids: number[] | undefined,
  onProgress?: TProgress,
): Promise<number> {
  let changed = 0;
  if (ids) {
    const list = [...new Set(ids)].sort((a, b) => a - b);
    for (let i = 0; i < list.length; i += CHUNK) {
      changed += await db.$executeRawUnsafe(sql("k.id = ANY($1::int[])"), list.slice(i, i + CHUNK));
      onProgress?.(Math.min(i + CHUNK, list.length), list.length);
    }
    return changed;
  }
  const [range] = await db.$queryRawUnsafe<{ lo: number | null; hi: number | null }[]>(`SELECT min(id) AS lo, max(id) AS hi FROM ${table}`);
  if (!range || range.lo === null || range.hi === null) return 0;
  const total = range.hi - range.lo + 1;
  for (let lo = range.lo; lo <= range.hi; lo += CHUNK) {
    changed += await db.$executeRawUnsafe(sql("k.id BETWEEN $1 AND $2"), lo, lo + CHUNK - 1);
    onProgress?.(Math.min(lo + CHUNK - range.lo, total), total);
  }
  return changed;
}

/**
 * interactions_count, first_interaction_at, last_interaction_at and earliest_source_type_id (the
 * source type of the earliest interaction) of the given cards, or of every card. Returns the
 * number of cards whose values changed.
 */
export function recomputeCardDerived(db: TDb, cardIds?: number[], onProgress?: TProgress): Promise<number> {
  return inChunks(db, "card", CARD_SQL, cardIds, onProgress);
}

/**
 * monthly_signals (interactions in the last 30 days where the participant is the participant) of
 * the given participants, or of every participant; values fixed on import are left alone.
 */
export function recomputeParticipantSignals(db: TDb, participantIds?: number[], onProgress?: TProgress): Promise<number> {
  return inChunks(db, "participant", PARTICIPANT_SQL, participantIds, onProgress);
}
