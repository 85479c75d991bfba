import type { TDb } from "~/server/db/client";
import { notFound } from "~/server/lib/errors";
import { iso } from "~/server/lib/format";

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

/** The source type of a signal: where it was seen (the spec's source types). */
interface TSignalSource {
  slug: string;
  name: string;
  group: string;
}

/**
 * An interaction with what else the data holds about it (the workspace's card page): where the
 * signal was seen, and the participants' type names.
 */
interface TCardSignal {
  id: number;
  created_at: string;
  source_type: TSignalSource | null;
  participant: TInteractionParticipant & { type_name: string };
  associated_participant: (TInteractionParticipant & { type_name: string }) | null;
}

interface TRow {
  id: number;
  created_at: Date;
  p_name: string;
  p_slug: string;
  p_type: string;
  p_type_name: string;
  a_name: string | null;
  a_slug: string | null;
  a_type: string | null;
  a_type_name: string | null;
  s_slug: string | null;
  s_name: string | null;
  s_group: string | null;
}

/** One page of a card's signals, newest first, with their source types. */
async function cardSignals(db: TDb, cardId: number, limit: number, offset: number): Promise<TCardSignal[]> {
  const rows = await db.$queryRaw<TRow[]>`
    SELECT i.id, i.created_at, p.name AS p_name, p.slug AS p_slug, pt.slug AS p_type, pt.name AS p_type_name,
           a.name AS a_name, a.slug AS a_slug, apt.slug AS a_type, apt.name AS a_type_name,
           st.slug AS s_slug, st.name AS s_name, st."group" AS s_group
    FROM (
      SELECT id, created_at, participant_id, associated_participant_id, source_type_id FROM interaction
      WHERE card_id = ${cardId} ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}::bigint
    ) i
    JOIN participant p ON p.id = i.participant_id
    JOIN participant_type pt ON pt.id = p.type_id
    LEFT JOIN participant a ON a.id = i.associated_participant_id
    LEFT JOIN participant_type apt ON apt.id = a.type_id
    LEFT JOIN source_type st ON st.id = i.source_type_id
    ORDER BY i.created_at DESC, i.id DESC`;
  return rows.map((r) => ({
    id: r.id,
    created_at: iso(r.created_at),
    source_type: r.s_slug === null ? null : { slug: r.s_slug, name: r.s_name!, group: r.s_group! },
    participant: { name: r.p_name, slug: r.p_slug, type: r.p_type, type_name: r.p_type_name },
    associated_participant: r.a_slug === null ? null : { name: r.a_name!, slug: r.a_slug, type: r.a_type!, type_name: r.a_type_name! },
  }));
}

const asInteraction = (p: TCardSignal["participant"]): TInteractionParticipant => ({ name: p.name, slug: p.slug, type: p.type });

/** One page of a card's signals in the spec's Interaction shape. */
export async function cardInteractions(db: TDb, cardId: number, limit: number, offset: number): Promise<TInteractionItem[]> {
  return (await cardSignals(db, cardId, limit, offset)).map((s) => ({
    id: s.id,
    created_at: s.created_at,
    participant: asInteraction(s.participant),
    associated_participant: s.associated_participant ? asInteraction(s.associated_participant) : null,
  }));
}

async function cardIdBySlug(db: TDb, slug: string): Promise<number> {
  if (slug.includes("\u0000")) throw notFound("Card");
  const rows = await db.$queryRaw<{ id: number }[]>`SELECT id FROM card WHERE slug = ${slug}`;
  if (!rows[0]) throw notFound("Card");
  return rows[0].id;
}

type TPageRead<T> = (db: TDb, cardId: number, limit: number, offset: number) => Promise<T[]>;

/** GET /v1/cards/<slug>/interactions/: one page and, when asked, the total. */
export function listCardInteractions(db: TDb, slug: string, p: { limit: number; offset: number; includeTotal: boolean }) {
  return listPage(db, slug, p, cardInteractions);
}

/** The card page's signals (workspace): one page with source types and type names, and the total. */
export function listCardSignals(db: TDb, slug: string, p: { limit: number; offset: number }) {
  return listPage(db, slug, { ...p, includeTotal: true }, cardSignals);
}

async function listPage<T>(
  db: TDb,
  slug: string,
  p: { limit: number; offset: number; includeTotal: boolean },
  read: TPageRead<T>,
): Promise<{ data: T[]; total: number | null; fetched: number }> {
  const cardId = await cardIdBySlug(db, slug);
  const [data, total] = await Promise.all([
    read(db, cardId, p.includeTotal ? p.limit : p.limit + 1, p.offset),
    p.includeTotal
      ? db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM interaction WHERE card_id = ${cardId}`.then((r) => r[0]?.n ?? 0)
      : Promise.resolve(null),
  ]);
  return { data: data.slice(0, p.limit), total, fetched: data.length };
}
