import type { TDb } from "../../db/client";
import { notFound } from "../../lib/errors";
import { iso } from "../../lib/format";

/** A card's signals (the spec's Interaction), newest first (created_at desc, id desc). */

interface TInteractionParticipant {
  name: string;
  slug: string;
  type: string;
}

export interface TInteractionItem {
  id: number;
  created_at: string;
  participant: TInteractionParticipant;
  associated_participant: TInteractionParticipant | null;
}

interface TRow {
  id: number;
  created_at: Date;
  p_name: string;
  p_slug: string;
  p_type: string;
  a_name: string | null;
  a_slug: string | null;
  a_type: string | null;
}

export async function cardInteractions(db: TDb, cardId: number, limit: number, offset: number): Promise<TInteractionItem[]> {
  const rows = await db.$queryRaw<TRow[]>`
    SELECT i.id, i.created_at, p.name AS p_name, p.slug AS p_slug, pt.slug AS p_type,
           a.name AS a_name, a.slug AS a_slug, apt.slug AS a_type
    FROM (
      SELECT id, created_at, participant_id, associated_participant_id FROM interaction
      WHERE card_id = ${cardId} ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}::bigint
    ) i
    JOIN participant p ON p.id = i.participant_id
    JOIN participant_type pt ON pt.id = p.type_id
    LEFT JOIN participant a ON a.id = i.associated_participant_id
    LEFT JOIN participant_type apt ON apt.id = a.type_id
    ORDER BY i.created_at DESC, i.id DESC`;
  return rows.map((r) => ({
    id: r.id,
    created_at: iso(r.created_at),
    participant: { name: r.p_name, slug: r.p_slug, type: r.p_type },
    associated_participant: r.a_slug === null ? null : { name: r.a_name!, slug: r.a_slug, type: r.a_type! },
  }));
}

async function cardIdBySlug(db: TDb, slug: string): Promise<number> {
  if (slug.includes("\u0000")) throw notFound("Card");
  const rows = await db.$queryRaw<{ id: number }[]>`SELECT id FROM card WHERE slug = ${slug}`;
  if (!rows[0]) throw notFound("Card");
  return rows[0].id;
}

/** GET /v1/cards/<slug>/interactions/: one page and, when asked, the total. */
export async function listCardInteractions(
  db: TDb,
  slug: string,
  p: { limit: number; offset: number; includeTotal: boolean },
): Promise<{ data: TInteractionItem[]; total: number | null; fetched: number }> {
  const cardId = await cardIdBySlug(db, slug);
  const [data, total] = await Promise.all([
    cardInteractions(db, cardId, p.includeTotal ? p.limit : p.limit + 1, p.offset),
    p.includeTotal
      ? db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM interaction WHERE card_id = ${cardId}`.then((r) => r[0]?.n ?? 0)
      : Promise.resolve(null),
  ]);
  return { data: data.slice(0, p.limit), total, fetched: data.length };
}
