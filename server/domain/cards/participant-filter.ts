import type { TDb } from "../../db/client";
import { Prisma } from "../../db/generated/prisma/client";
import { readRows } from "../../db/read";

/**
 * The participants filter: cards with an interaction whose participant OR associated participant
 * is one of the given participants (a fund is found through the signals of its partners too).
 * Every form reads `vm_card_participant` (migration 20261123120000): one row per card and
 * participant named by one of its interactions, with a copy of the card's last_interaction_at,
 * kept right by triggers on interaction and card.
 *
 * The SQL forms of the same set, for different plans:
 * - `semiJoin`: one semi-join the planner may run either way (the default, inside other filters);
 * - `collectFrom`: a FROM clause that gathers the cards first (their ids, then each row by primary
 *   key through LATERAL, which the planner cannot turn into a scan of all cards) and sorts them:
 *   right when the participants have few cards;
 * - `probe`: one EXISTS per card, so the planner walks a sort index and stops after one page:
 *   right when the participant has many cards (a top fund has tens of thousands at 1M cards);
 * - `latestFirst`: the cards in the default order (latest_signal_date:desc), read from each
 *   participant's index range (vm_card_participant_latest): the first `rows` entries of each
 *   range, merged. The first n distinct cards of the merged order are among them, since fewer
 *   than n of any one participant's cards come before each of them.
 */

const anyInt = (ids: number[]) => Prisma.sql`ANY(${ids}::int[])`;

export async function participantIds(db: TDb, slugs: string[]): Promise<number[]> {
  // A slug with a NUL character cannot exist (and PostgreSQL text cannot carry it).
  const valid = slugs.filter((s) => !s.includes("\u0000"));
  if (valid.length === 0) return [];
  // Every participants filter runs it: straight on the driver (read.ts), like the page.
  const rows = await readRows<{ id: number }>(db, Prisma.sql`SELECT id FROM participant WHERE slug = ANY(${valid}::text[])`);
  return rows.map((r) => r.id);
}

/** The distinct card ids of the participants (a subquery yielding `card_id`). */
export function participantCards(ids: number[]): Prisma.Sql {
  if (ids.length === 1) return Prisma.sql`SELECT cp.card_id FROM vm_card_participant cp WHERE cp.participant_id = ${ids[0]}`;
  return Prisma.sql`SELECT DISTINCT cp.card_id FROM vm_card_participant cp WHERE cp.participant_id = ${anyInt(ids)}`;
}

export const participantFilter = {
  semiJoin: (ids: number[]) =>
    Prisma.sql`c.id IN (SELECT cp.card_id FROM vm_card_participant cp WHERE cp.participant_id = ${anyInt(ids)})`,
  collectFrom: (ids: number[]) =>
    Prisma.sql`(${participantCards(ids)}) u CROSS JOIN LATERAL (SELECT * FROM card c WHERE c.id = u.card_id OFFSET 0) c`,
  probe: (ids: number[]) =>
    Prisma.sql`EXISTS (SELECT 1 FROM vm_card_participant cp WHERE cp.card_id = c.id AND cp.participant_id = ${anyInt(ids)})`,
  /** A FROM clause `c` (columns id, last_interaction_at): each participant's first `rows` cards. */
  latestFirst: (ids: number[], rows: number) => Prisma.sql`(
    SELECT DISTINCT x.card_id AS id, x.last_interaction_at
      FROM unnest(${ids}::int[]) p(id)
     CROSS JOIN LATERAL (
       SELECT cp.card_id, cp.last_interaction_at FROM vm_card_participant cp
        WHERE cp.participant_id = p.id
        ORDER BY cp.last_interaction_at DESC NULLS LAST, cp.card_id DESC
        LIMIT ${rows}) x) c`,
};
