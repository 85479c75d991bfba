import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "~/server/db/generated/prisma/client";
import { buildCardWhere } from "~/server/domain/cards/filters";
import { effectiveSort } from "~/server/domain/cards/list";
import { planCardList } from "~/server/domain/cards/plan";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { recomputeDerived, seedCards, slugsOf, type TFixture } from "./fixture";

/**
 * vm_card_participant (migration 20261123120000): the participants of each card, with a copy of
 * the card's last_interaction_at, kept by triggers whatever writes interaction and card. The
 * participants filter reads it; the default order's pages come from each participant's index range.
 */

let t: TTestDb;
let fx: TFixture;
let token: string;

beforeAll(async () => {
  t = await openTestDb();
  fx = await seedCards(t.db);
  token = (await createAccount(t.db, { staff: true })).token;
});
afterAll(async () => {
  await t?.close();
});

/** Rows of vm_card_participant that differ from what interaction and card say (0: in step). */
async function drift(): Promise<number> {
  const [row] = await t.db.$queryRaw<{ n: number }[]>`
    WITH want AS (
      SELECT p.card_id, p.participant_id, c.last_interaction_at
        FROM (SELECT card_id, participant_id FROM interaction
               UNION
              SELECT card_id, associated_participant_id FROM interaction WHERE associated_participant_id IS NOT NULL) p
        JOIN card c ON c.id = p.card_id
    ), have AS (SELECT card_id, participant_id, last_interaction_at FROM vm_card_participant)
    SELECT ((SELECT count(*) FROM (SELECT * FROM want EXCEPT SELECT * FROM have) a)
          + (SELECT count(*) FROM (SELECT * FROM have EXCEPT SELECT * FROM want) b))::int AS n`;
  return row!.n;
}

const pairs = async () => (await t.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM vm_card_participant`)[0]!.n;

const get = async (query: string) => {
  const r = await api("GET", `/cards/?${query}`, { token });
  expect(r.status, `${query}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body;
};

describe("vm_card_participant", () => {
  it("holds every card's participants and associated participants after seeding", async () => {
    expect(await pairs()).toBeGreaterThan(0);
    expect(await drift()).toBe(0);
  });

  it("follows inserts, updates and deletes of interactions, card changes and cascades", async () => {
    const [fundA, partnerB, angelC] = ["fund-a", "partner-b", "angel-c"].map((slug) => fx.participants[slug]!) as [number, number, number];
    const card = await t.db.card.create({ data: { slug: "pairs", name: "Pairs" } });
    const at = (d: number) => new Date(Date.UTC(2025, 0, d));

    // Several rows in one statement, two naming the same pair.
    await t.db.interaction.createMany({
      data: [
        { cardId: card.id, participantId: angelC, createdAt: at(1) },
        { cardId: card.id, participantId: angelC, createdAt: at(2) },
        { cardId: card.id, participantId: partnerB, associatedParticipantId: fundA, createdAt: at(3) },
      ],
    });
    await recomputeDerived(t.db);
    expect(await drift()).toBe(0);
    const ofCard = async () =>
      (
        await t.db.$queryRaw<{ p: number }[]>`SELECT participant_id AS p FROM vm_card_participant WHERE card_id = ${card.id} ORDER BY 1`
      ).map((r) => r.p);
    expect(await ofCard()).toEqual([fundA, partnerB, angelC].sort((a, b) => a - b));

    // One of two interactions naming angel-c goes: the pair stays; the second goes: it goes.
    await t.db.interaction.deleteMany({ where: { cardId: card.id, participantId: angelC, createdAt: at(1) } });
    expect(await ofCard()).toContain(angelC);
    await t.db.interaction.deleteMany({ where: { cardId: card.id, participantId: angelC } });
    expect(await ofCard()).not.toContain(angelC);
    await recomputeDerived(t.db);
    expect(await drift()).toBe(0);

    // An update moves the pairs: the associated participant removed, the participant changed.
    await t.db.interaction.updateMany({ where: { cardId: card.id }, data: { associatedParticipantId: null, participantId: angelC } });
    expect(await ofCard()).toEqual([angelC]);
    expect(await drift()).toBe(0);

    // The card's last_interaction_at is copied when it changes.
    await t.db.card.update({ where: { id: card.id }, data: { lastInteractionAt: at(20) } });
    expect(await drift()).toBe(0);
    await recomputeDerived(t.db);
    expect(await drift()).toBe(0);

    // A deleted participant takes its pairs (interactions cascade; associated ones are set null).
    const gone = await t.db.participant.create({
      data: { slug: "gone", name: "Gone", typeId: (await t.db.participant.findUniqueOrThrow({ where: { id: angelC } })).typeId },
    });
    await t.db.interaction.create({ data: { cardId: card.id, participantId: angelC, associatedParticipantId: gone.id, createdAt: at(5) } });
    await t.db.interaction.create({ data: { cardId: fx.cards["zeta"]!, participantId: gone.id, createdAt: at(6) } });
    await recomputeDerived(t.db);
    expect(await drift()).toBe(0);
    await t.db.participant.delete({ where: { id: gone.id } });
    expect(await drift()).toBe(0);

    // A deleted card takes its pairs.
    await t.db.card.delete({ where: { id: card.id } });
    expect(await ofCard()).toEqual([]);
    await recomputeDerived(t.db);
    expect(await drift()).toBe(0);
  });

  it("changes the card data version, so remembered totals are counted again", async () => {
    const before = (await get("participants=angel-c")).pagination.total as number;
    const c = await t.db.card.create({ data: { slug: "angel-new", name: "Angel new" } });
    await t.db.interaction.create({ data: { cardId: c.id, participantId: fx.participants["angel-c"]!, createdAt: new Date() } });
    expect((await get("participants=angel-c")).pagination.total).toBe(before + 1);
    await t.db.card.delete({ where: { id: c.id } });
    expect((await get("participants=angel-c")).pagination.total).toBe(before);
  });
});

describe("participant pages in the default order", () => {
  it("are read from each participant's index range and equal the plain filter's order, page by page", async () => {
    const plan = async (participants: string[]) => {
      const p = { participants, limit: 20, offset: 0 };
      const where = await buildCardWhere(t.db, 1, p);
      return (await planCardList(t.db, 1, where, effectiveSort(undefined), p, true)).page!;
    };
    for (const ids of [["fund-a"], ["fund-a", "angel-c"]]) {
      const page = (await plan(ids)).sql;
      expect(page).toContain("ORDER BY cp.last_interaction_at DESC NULLS LAST, cp.card_id DESC");
      expect(page).not.toContain("FROM interaction");
    }

    for (const q of ["fund-a", "partner-b", "angel-c", "fund-a,partner-b", "fund-a,partner-b,angel-c"]) {
      const where = await buildCardWhere(t.db, 1, { participants: q.split(",") });
      const want = (
        await t.db.$queryRaw<{ slug: string }[]>(
          Prisma.sql`SELECT c.slug FROM card c WHERE ${where.sql} ORDER BY c.last_interaction_at DESC NULLS LAST, c.id DESC`,
        )
      ).map((r) => r.slug);
      expect(want.length, q).toBeGreaterThan(0);
      const whole = await get(`participants=${q}&limit=100`);
      expect(slugsOf(whole), q).toEqual(want);
      expect(whole.pagination.total, q).toBe(want.length);
      const paged: string[] = [];
      for (let offset = 0; offset < want.length; offset += 2)
        paged.push(...slugsOf(await get(`participants=${q}&limit=2&offset=${offset}`)));
      expect(paged, q).toEqual(want);
      const explicit = await get(`participants=${q}&limit=100&sort=latest_signal_date:desc`);
      expect(slugsOf(explicit), q).toEqual(want);
    }
  });
});
