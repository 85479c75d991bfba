import type { TDb } from "~/server/db/client";
import { Prisma } from "~/server/db/generated/prisma/client";
import { iso } from "~/server/lib/format";
import { CARD_LIST_FIELDS } from "../cards/format";
import { cardItemsById, type TCardListItem } from "../cards/list";
import { readParticipants } from "../participants/rows";
import type { TParticipant } from "../participants/types";
import type { TChangeType } from "./types";

/**
 * What an upsert in the change feed carries: a card as the card list formats it, a participant as
 * the participant list does, an interaction with the ids and slugs of what it links (its card, its
 * participants, its source type), each read as it is now. Rows deleted meanwhile are absent.
 */

interface TInteractionChange {
  id: number;
  created_at: string;
  card: { id: number; slug: string };
  participant: { id: number; slug: string };
  associated_participant: { id: number; slug: string } | null;
  source_type: string | null;
}

export type TChangeData = TCardListItem | (TParticipant & { id: number }) | TInteractionChange;

interface TInteractionRow {
  id: number;
  created_at: Date;
  card_id: number;
  card_slug: string;
  participant_id: number;
  participant_slug: string;
  associated_id: number | null;
  associated_slug: string | null;
  source_type: string | null;
}

async function interactions(db: TDb, ids: number[]): Promise<TInteractionChange[]> {
  if (ids.length === 0) return [];
  const rows = await db.$queryRaw<TInteractionRow[]>`
    SELECT i.id, i.created_at, c.id AS card_id, c.slug AS card_slug, p.id AS participant_id, p.slug AS participant_slug,
           a.id AS associated_id, a.slug AS associated_slug, st.slug AS source_type
      FROM interaction i
      JOIN card c ON c.id = i.card_id
      JOIN participant p ON p.id = i.participant_id
      LEFT JOIN participant a ON a.id = i.associated_participant_id
      LEFT JOIN source_type st ON st.id = i.source_type_id
     WHERE i.id = ANY(${ids}::int[])`;
  return rows.map((r) => ({
    id: r.id,
    created_at: iso(r.created_at),
    card: { id: r.card_id, slug: r.card_slug },
    participant: { id: r.participant_id, slug: r.participant_slug },
    associated_participant:
      r.associated_id !== null && r.associated_slug !== null ? { id: r.associated_id, slug: r.associated_slug } : null,
    source_type: r.source_type,
  }));
}

/** The data of each (type, id), keyed `type:id`. */
export async function changeData(db: TDb, accountId: number, keys: { type: TChangeType; id: number }[]): Promise<Map<string, TChangeData>> {
  const idsOf = (type: TChangeType) => keys.filter((k) => k.type === type).map((k) => k.id);
  const [cards, participants, signals] = await Promise.all([
    idsOf("card").length ? cardItemsById(db, accountId, idsOf("card"), CARD_LIST_FIELDS) : [],
    idsOf("participant").length ? readParticipants(db, Prisma.sql`SELECT unnest(${idsOf("participant")}::int[]) AS id`) : [],
    interactions(db, idsOf("interaction")),
  ]);
  const out = new Map<string, TChangeData>();
  for (const c of cards) out.set(`card:${c.id}`, c);
  for (const p of participants) out.set(`participant:${p.id}`, p);
  for (const i of signals) out.set(`interaction:${i.id}`, i);
  return out;
}
