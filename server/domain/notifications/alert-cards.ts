import type { TDb } from "~/server/db/client";
import { cardItemsById } from "../cards/list";

/**
 * The cards a saved filter's alert names, as its e-mails show them (email.ts): each card's stage,
 * round, location and one-line description, formatted as the card list formats them, and the
 * signal that brought it in: the card's newest interaction made up to the alert, by one of the
 * filter's participants when the filter names some (a participants filter matches a card through
 * such a signal). Read when the e-mail is written, like a webhook's body (saved-filters/event-data.ts):
 * a card deleted meanwhile is left out.
 */

const FIELDS = ["id", "slug", "name", "description", "stage", "round", "location"] as const;
/** A description longer than this is cut (on one line) with an ellipsis. */
const DESCRIPTION_CHARS = 200;

interface TAlertSignal {
  /** The source type's name, when the signal has one. */
  source: string | null;
  participant: string;
  /** The fund it was made for (its associated participant), when another than the participant. */
  fund: string | null;
  /** YYYY-MM-DD */
  on: string;
}

export interface TAlertCard {
  slug: string;
  name: string;
  stage: string | null;
  round: string | null;
  location: string | null;
  /** The description's first line, cut at DESCRIPTION_CHARS. */
  description: string | null;
  signal: TAlertSignal | null;
}

/** A saved filter's notification, as the e-mail run reads it. */
export interface TAlertNotification {
  id: number;
  saved_filter_id: number | null;
  created_at: Date;
  /** `{count, card_ids}`: how many cards the alert is about and the ones it names, newest first (from-events.ts). */
  data: unknown;
}

/** The ids of the cards the alert names, and how many it is about. */
export function alertCounts(n: { data: unknown }): { cardIds: number[]; count: number } {
  const d = (n.data ?? {}) as { count?: unknown; card_ids?: unknown };
  const cardIds = Array.isArray(d.card_ids) ? d.card_ids.filter((id): id is number => Number.isInteger(id)) : [];
  return { cardIds, count: typeof d.count === "number" ? d.count : cardIds.length };
}

function oneLine(text: string | null | undefined): string | null {
  const line = (text ?? "").trim().split(/\r?\n/, 1)[0]!.replace(/\s+/g, " ").trim();
  if (line === "") return null;
  return line.length > DESCRIPTION_CHARS ? `${line.slice(0, DESCRIPTION_CHARS - 1).trimEnd()}…` : line;
}

interface TSignalRow {
  n: number;
  card_id: number;
  day: string;
  source: string | null;
  participant: string;
  fund: string | null;
}

/**
 * The signal of each (alert, card): one statement. Per pair, the first of: the newest signal up to
 * the alert by a participant the filter names (participant or associated participant, as the
 * participants filter matches), the newest up to the alert, the newest (every signal dated later).
 */
async function signalsOf(db: TDb, pairs: { n: TAlertNotification; cardId: number }[]): Promise<Map<string, TAlertSignal>> {
  const out = new Map<string, TAlertSignal>();
  if (pairs.length === 0) return out;
  const rows = await db.$queryRaw<TSignalRow[]>`
    SELECT x.n, x.card_id, to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, st.name AS source, p.name AS participant,
           CASE WHEN a.id <> p.id THEN a.name END AS fund
      FROM unnest(${pairs.map((p) => p.n.id)}::int[], ${pairs.map((p) => p.cardId)}::int[],
                  ${pairs.map((p) => p.n.saved_filter_id)}::int[], ${pairs.map((p) => p.n.created_at.toISOString())}::text[])
             AS x(n, card_id, filter_id, at)
      CROSS JOIN LATERAL (
        SELECT COALESCE(array_agg(fp.id), '{}') AS ids
          FROM saved_filter f
          CROSS JOIN LATERAL jsonb_array_elements_text(
            CASE WHEN jsonb_typeof(f.params -> 'participants') = 'array' THEN f.params -> 'participants' ELSE '[]'::jsonb END) AS named(slug)
          JOIN participant fp ON fp.slug = named.slug
         WHERE f.id = x.filter_id
      ) named
      CROSS JOIN LATERAL (
        SELECT * FROM (
          (SELECT 1 AS rank, i.created_at, i.participant_id, i.associated_participant_id, i.source_type_id FROM interaction i
            WHERE i.card_id = x.card_id AND i.created_at <= x.at::timestamptz
              AND (i.participant_id = ANY (named.ids) OR i.associated_participant_id = ANY (named.ids))
            ORDER BY i.created_at DESC, i.id DESC LIMIT 1)
          UNION ALL
          (SELECT 2, i.created_at, i.participant_id, i.associated_participant_id, i.source_type_id FROM interaction i
            WHERE i.card_id = x.card_id AND i.created_at <= x.at::timestamptz
            ORDER BY i.created_at DESC, i.id DESC LIMIT 1)
          UNION ALL
          (SELECT 3, i.created_at, i.participant_id, i.associated_participant_id, i.source_type_id FROM interaction i
            WHERE i.card_id = x.card_id
            ORDER BY i.created_at DESC, i.id DESC LIMIT 1)
        ) candidates
        ORDER BY rank LIMIT 1
      ) s
      JOIN participant p ON p.id = s.participant_id
      LEFT JOIN participant a ON a.id = s.associated_participant_id
      LEFT JOIN source_type st ON st.id = s.source_type_id`;
  for (const r of rows) out.set(`${r.n}:${r.card_id}`, { source: r.source, participant: r.participant, fund: r.fund, on: r.day });
  return out;
}

/** The cards each saved filter alert names (by notification id), in the alert's order, with their signals. */
export async function alertCards(db: TDb, accountId: number, alerts: TAlertNotification[]): Promise<Map<number, TAlertCard[]>> {
  const named = alerts.map((n) => ({ n, cardIds: alertCounts(n).cardIds }));
  const ids = [...new Set(named.flatMap((a) => a.cardIds))];
  const [items, signals] = await Promise.all([
    cardItemsById(db, accountId, ids, FIELDS),
    signalsOf(
      db,
      named.flatMap(({ n, cardIds }) => cardIds.map((cardId) => ({ n, cardId }))),
    ),
  ]);
  const byId = new Map(items.map((c) => [c.id ?? 0, c]));
  const out = new Map<number, TAlertCard[]>();
  for (const { n, cardIds } of named) {
    out.set(
      n.id,
      cardIds.flatMap((id) => {
        const c = byId.get(id);
        if (!c) return [];
        return [
          {
            slug: c.slug!,
            name: c.name!,
            stage: c.stage?.slug ? c.stage.name : null,
            round: c.round?.slug ? c.round.name : null,
            location: c.location?.formatted ?? null,
            description: oneLine(c.description),
            signal: signals.get(`${n.id}:${id}`) ?? null,
          },
        ];
      }),
    );
  }
  return out;
}
