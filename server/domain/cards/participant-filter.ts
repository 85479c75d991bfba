import type { TDb } from "~/server/db/client";
import { Prisma } from "~/server/db/generated/prisma/client";
import { readRows } from "~/server/db/read";

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

/**
 * The participants a filter names: `ids` is SQL for an int[] of their ids. Two ways to get it:
 * - `participantsInStatement`: the ids read by the statement that uses them, from the slugs (no
 *   statement of their own). Right when the participants filter is alone: its forms' plans do not
 *   depend on the ids (plan.ts picks the form from the total). A total remembered for these slugs
 *   (count-cache.ts) stays right: a participant's slug never changes (the import keys
 *   participants by it), and removing a participant removes its interactions, which moves the
 *   card data version.
 * - `participantsLookedUp`: the ids read first, by a statement of their own, and sent as values.
 *   Right with other filters: the planner then knows how many cards each participant has and
 *   chooses between walking the sort index and gathering the participant's cards (with ids read
 *   in the statement it always gathers, which is much slower for a participant with many cards
 *   and a narrow second filter: docs/benchmarks.md).
 */
export interface TParticipantRef {
  ids: Prisma.Sql;
  /** at most one participant, so its cards come once each without deduplication */
  single: boolean;
}

/** A slug with a NUL character cannot exist (and PostgreSQL text cannot carry it). */
const possibleSlugs = (slugs: string[]) => [...new Set(slugs.filter((s) => !s.includes("\u0000")))];

/** The participants of `slugs` read in the statement, or null when no slug can name one. */
export function participantsInStatement(slugs: string[]): TParticipantRef | null {
  const valid = possibleSlugs(slugs);
  if (valid.length === 0) return null;
  return {
    ids: Prisma.sql`ARRAY(SELECT p.id FROM participant p WHERE p.slug = ANY(${valid}::text[]))`,
    single: valid.length === 1,
  };
}

/** The participants of `slugs` looked up now, or null when none exists. */
export async function participantsLookedUp(db: TDb, slugs: string[]): Promise<TParticipantRef | null> {
  const valid = possibleSlugs(slugs);
  if (valid.length === 0) return null;
  const rows = await readRows<{ id: number }>(db, Prisma.sql`SELECT id FROM participant WHERE slug = ANY(${valid}::text[])`);
  if (rows.length === 0) return null;
  return { ids: Prisma.sql`${rows.map((r) => r.id)}::int[]`, single: rows.length === 1 };
}

const anyOf = (ref: TParticipantRef) => Prisma.sql`ANY(${ref.ids})`;

/** The distinct card ids of the participants (a subquery yielding `card_id`). */
export function participantCards(ref: TParticipantRef): Prisma.Sql {
  const rows = Prisma.sql`FROM vm_card_participant cp WHERE cp.participant_id = ${anyOf(ref)}`;
  return ref.single ? Prisma.sql`SELECT cp.card_id ${rows}` : Prisma.sql`SELECT DISTINCT cp.card_id ${rows}`;
}

export const participantFilter = {
  semiJoin: (ref: TParticipantRef) =>
    Prisma.sql`c.id IN (SELECT cp.card_id FROM vm_card_participant cp WHERE cp.participant_id = ${anyOf(ref)})`,
  collectFrom: (ref: TParticipantRef) =>
    Prisma.sql`(${participantCards(ref)}) u CROSS JOIN LATERAL (SELECT * FROM card c WHERE c.id = u.card_id OFFSET 0) c`,
  probe: (ref: TParticipantRef) =>
    Prisma.sql`EXISTS (SELECT 1 FROM vm_card_participant cp WHERE cp.card_id = c.id AND cp.participant_id = ${anyOf(ref)})`,
  /** A FROM clause `c` (columns id, last_interaction_at): each participant's first `rows` cards. */
  latestFirst: (ref: TParticipantRef, rows: number) => Prisma.sql`(
    SELECT DISTINCT x.card_id AS id, x.last_interaction_at
      FROM unnest(${ref.ids}) p(id)
     CROSS JOIN LATERAL (
       SELECT cp.card_id, cp.last_interaction_at FROM vm_card_participant cp
        WHERE cp.participant_id = p.id
        ORDER BY cp.last_interaction_at DESC NULLS LAST, cp.card_id DESC
        LIMIT ${rows}) x) c`,
};
