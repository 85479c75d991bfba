import type { TDb } from "../../db/client";
import { Prisma } from "../../db/generated/prisma/client";

/**
 * The participants filter: cards with an interaction whose participant OR associated participant
 * is one of the given participants (a fund is found through the signals of its partners too).
 *
 * Three SQL forms of the same set, for different plans:
 * - `semiJoin`: one semi-join the planner may run either way (the default, inside other filters);
 * - `collectFrom`: a FROM clause that gathers the cards first (their distinct ids, then each row
 *   by primary key through LATERAL, which the planner cannot turn into a scan of all cards) and
 *   sorts them: right when the participants have few cards;
 * - `probe`: two EXISTS per card, so the planner walks a sort index and stops after one page:
 *   right when the participant has many cards (a top fund has tens of thousands at 1M cards).
 */

const anyInt = (ids: number[]) => Prisma.sql`ANY(${ids}::int[])`;

export async function participantIds(db: TDb, slugs: string[]): Promise<number[]> {
  // A slug with a NUL character cannot exist (and PostgreSQL text cannot carry it).
  const valid = slugs.filter((s) => !s.includes("\u0000"));
  if (valid.length === 0) return [];
  const rows = await db.$queryRaw<{ id: number }[]>`SELECT id FROM participant WHERE slug = ANY(${valid}::text[])`;
  return rows.map((r) => r.id);
}

/** The distinct card ids of the participants (a subquery yielding `card_id`). */
export function participantCardsUnion(ids: number[]): Prisma.Sql {
  return Prisma.sql`
    SELECT card_id FROM interaction WHERE participant_id = ${anyInt(ids)}
    UNION
    SELECT card_id FROM interaction WHERE associated_participant_id = ${anyInt(ids)}`;
}

export const participantFilter = {
  semiJoin: (ids: number[]) => Prisma.sql`c.id IN (
    SELECT i.card_id FROM interaction i
    WHERE i.participant_id = ${anyInt(ids)} OR i.associated_participant_id = ${anyInt(ids)})`,
  collectFrom: (ids: number[]) =>
    Prisma.sql`(${participantCardsUnion(ids)}) u CROSS JOIN LATERAL (SELECT * FROM card c WHERE c.id = u.card_id OFFSET 0) c`,
  probe: (ids: number[]) => Prisma.sql`(
    EXISTS (SELECT 1 FROM interaction i WHERE i.card_id = c.id AND i.participant_id = ${anyInt(ids)})
    OR EXISTS (SELECT 1 FROM interaction i WHERE i.card_id = c.id AND i.associated_participant_id = ${anyInt(ids)}))`,
};
