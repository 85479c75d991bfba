import type { TDb } from "~/server/db/client";
import type { Prisma } from "~/server/db/generated/prisma/client";
import { COMPACT_FIELDS } from "../cards/fields";
import { cardItemsById } from "../cards/list";
import type { TEvent, TEventData } from "../events/log";
import { toSavedFilter, USABLE_BY_ACCOUNT } from "./filters";
import type { TMatchedCards } from "./matcher";

/**
 * The webhook bodies of `saved_filter.cards_matched` (docs/webhooks.md): `{filter, cards}`, the
 * filter as GET /v1/cards/filters/ lists it and the cards in the compact list shape, formatted for
 * the event's account (has_intro_request is its own), at most CARDS_PER_BODY cards a body. Read
 * when the event is delivered: nothing is sent for a filter the account may no longer use (it
 * left the team, the filter was made private or deleted), nor for a card deleted meanwhile.
 */

const CARDS_PER_BODY = 100;

type TTx = Prisma.TransactionClient;

interface TFilterRow {
  event_id: bigint;
  id: number;
  name: string;
  params: unknown;
  created_at: Date;
  updated_at: Date;
  visibility: string;
  owner_id: number;
  owner_email: string;
}

async function bodies(tx: TTx, events: TEvent[]): Promise<Map<bigint, unknown[]>> {
  const filters = await tx.$queryRaw<TFilterRow[]>`
    SELECT e.id AS event_id, f.id, f.name, f.params, f.created_at, f.updated_at, f.visibility, o.id AS owner_id, o.email AS owner_email
      FROM unnest(${events.map((e) => e.id)}::bigint[], ${events.map((e) => e.account_id)}::int[], ${events.map((e) => e.subject_id)}::int[])
             AS e(id, account_id, filter_id)
      JOIN account a ON a.id = e.account_id
      JOIN saved_filter f ON f.id = e.filter_id AND ${USABLE_BY_ACCOUNT}
      JOIN account o ON o.id = f.account_id`;
  const byEvent = new Map(filters.map((f) => [f.event_id, f]));
  const out = new Map<bigint, unknown[]>();
  for (const e of events) {
    const f = byEvent.get(e.id);
    const ids = (e.data as TMatchedCards | null)?.card_ids ?? [];
    if (!f || ids.length === 0) {
      out.set(e.id, []);
      continue;
    }
    const filter = toSavedFilter({
      id: f.id,
      name: f.name,
      params: f.params,
      createdAt: f.created_at,
      updatedAt: f.updated_at,
      visibility: f.visibility,
      account: { id: f.owner_id, email: f.owner_email },
    });
    // The transaction's client reads as the service's client does (readRows goes through Prisma in it).
    const cards = await cardItemsById(tx as unknown as TDb, e.account_id, ids, COMPACT_FIELDS);
    const list: unknown[] = [];
    for (let i = 0; i < cards.length; i += CARDS_PER_BODY) list.push({ filter, cards: cards.slice(i, i + CARDS_PER_BODY) });
    out.set(e.id, list);
  }
  return out;
}

export const savedFilterEventData: TEventData = { "saved_filter.cards_matched": bodies };
