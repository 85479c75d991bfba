import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "~/server/db/generated/prisma/client";
import { buildCardWhere } from "~/server/domain/cards/filters";
import { effectiveSort } from "~/server/domain/cards/list";
import { planCardList } from "~/server/domain/cards/plan";
import { pageSql, queryPage } from "~/server/domain/cards/rows";
import { searchParts } from "~/server/domain/cards/search";
import { orderBySql } from "~/server/domain/cards/sort";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { recomputeDerived, seedCards, slugsOf, type TFixture } from "./fixture";

/**
 * vm_card_word (migration 20261124090000): the words of each card's search_vector, with a copy of
 * the card's last_interaction_at, kept by triggers on card whatever writes it. A one-word search
 * in the default order reads its pages from the index ranges of the words starting with it
 * (search.ts, searchLatestFirst): they must be the plain filter's pages.
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

/** Rows of vm_card_word that differ from what card says (0: in step). */
async function drift(): Promise<number> {
  const [row] = await t.db.$queryRaw<{ n: number }[]>`
    WITH want AS (
      SELECT w.word::text AS word, c.id AS card_id, c.last_interaction_at
        FROM card c CROSS JOIN LATERAL unnest(tsvector_to_array(c.search_vector)) w(word)
    ), have AS (SELECT word::text AS word, card_id, last_interaction_at FROM vm_card_word)
    SELECT ((SELECT count(*) FROM (SELECT * FROM want EXCEPT ALL SELECT * FROM have) a)
          + (SELECT count(*) FROM (SELECT * FROM have EXCEPT ALL SELECT * FROM want) b))::int AS n`;
  return row!.n;
}

const wordsOf = async (cardId: number) =>
  (await t.db.$queryRaw<{ word: string }[]>`SELECT word::text AS word FROM vm_card_word WHERE card_id = ${cardId} ORDER BY 1`).map(
    (r) => r.word,
  );

const at = (d: number) => new Date(Date.UTC(2025, 0, d));

describe("vm_card_word", () => {
  it("holds the words of every card after seeding", async () => {
    expect(await wordsOf(fx.cards["epsilon-data"]!)).toEqual(["a", "analytics", "data", "epsilon", "for", "platform"]);
    expect(await drift()).toBe(0);
  });

  it("follows inserts, renames, description and last_interaction_at changes, and deletes", async () => {
    const card = await t.db.card.create({ data: { slug: "words", name: "Zyx Quantum" } });
    expect(await wordsOf(card.id)).toEqual(["quantum", "zyx"]);
    expect(await drift()).toBe(0);

    await t.db.card.update({ where: { id: card.id }, data: { name: "Zyx Photonics", description: "Quantum sensors" } });
    expect(await wordsOf(card.id)).toEqual(["photonics", "quantum", "sensors", "zyx"]);
    // From no last_interaction_at to one, to another, and back to none.
    for (const value of [at(3), at(4), null]) {
      await t.db.card.update({ where: { id: card.id }, data: { lastInteractionAt: value } });
      expect(await drift()).toBe(0);
    }
    // A change of another column leaves the rows alone.
    await t.db.card.update({ where: { id: card.id }, data: { featured: true } });
    expect(await drift()).toBe(0);

    // Several cards in one statement, then one update of all of them.
    await t.db.card.createMany({
      data: [
        { slug: "words-1", name: "Zyx One", lastInteractionAt: at(1) },
        { slug: "words-2", name: "Zyx Two" },
        { slug: "words-3", name: "Zyx Three", description: "Zyx again", lastInteractionAt: at(1) },
      ],
    });
    expect(await drift()).toBe(0);
    await t.db.card.updateMany({ where: { slug: { startsWith: "words-" } }, data: { lastInteractionAt: at(9), description: "Sensors" } });
    expect(await drift()).toBe(0);

    // The importer's way: interactions, then the derived fields recomputed.
    await t.db.interaction.create({ data: { cardId: card.id, participantId: fx.participants["fund-a"]!, createdAt: at(20) } });
    await recomputeDerived(t.db);
    expect(await drift()).toBe(0);

    await t.db.card.deleteMany({ where: { slug: { in: ["words", "words-2"] } } });
    expect(await wordsOf(card.id)).toEqual([]);
    expect(await drift()).toBe(0);
    await t.db.card.deleteMany({ where: { slug: { startsWith: "words-" } } });
    expect(await drift()).toBe(0);
  });
});

describe("one-word search pages in the default order", () => {
  const order = orderBySql(effectiveSort(undefined), "c");
  const ids = async (sql: Prisma.Sql) => (await queryPage(t.db, sql)).rows.map((r) => r.id);

  /** The page by the plain filter, and the page from the words' index ranges. */
  async function pages(query: string, limit: number, offset: number) {
    const where = await buildCardWhere(t.db, 1, { search: query });
    const latestFirst = where.pageForms?.latestFirst;
    expect(latestFirst, query).toBeDefined();
    return {
      plain: await ids(pageSql(1, where.sql, order, limit, offset)),
      latest: await ids(pageSql(1, Prisma.sql`TRUE`, order, limit, offset, latestFirst!(offset + limit))),
    };
  }

  it("equal the plain filter's, in full and two by two", async () => {
    // Ties of last_interaction_at, cards without one, words in the name only, in the description
    // only, or inside a longer word of the name.
    const specs: [string, string, string | null, number | null][] = [
      ["orbit-1", "Orbital Freight", "Freight for orbit", 5],
      ["orbit-2", "Orbit Labs", null, 5],
      ["orbit-3", "Deorbit Systems", "Space debris removal", 5],
      ["orbit-4", "Freightway", "Orbital debris", null],
      ["orbit-5", "Orbit", "Orbit orbit orbital", null],
      ["orbit-6", "Freight 42", "Version 4.2 of freight", 2],
    ];
    for (const [slug, name, description, day] of specs) {
      await t.db.card.create({ data: { slug, name, description, lastInteractionAt: day === null ? null : at(day) } });
    }
    for (const query of ["orbit", "orbital", "orb", "o", "freight", "fr", "debris", "chain", "hain", "data", "4", "42", "zzz", "ORBIT"]) {
      const full = await pages(query, 100, 0);
      expect(full.latest, query).toEqual(full.plain);
      for (let offset = 0; offset < full.plain.length + 2; offset += 2) {
        const page = await pages(query, 2, offset);
        expect(page.latest, `${query} at ${offset}`).toEqual(page.plain);
      }
    }
    await t.db.card.deleteMany({ where: { slug: { startsWith: "orbit-" } } });
  });

  it("are taken for one word of ASCII letters and digits when few cards match", async () => {
    expect(searchParts("orbit")?.prefix).toBe("orbit");
    expect(searchParts("Orbit ")?.prefix).toBe("orbit");
    expect(searchParts("orbit labs")?.prefix).toBeNull();
    expect(searchParts("café")?.prefix).toBeNull();

    const readsWords = async (search: string, sort?: string) => {
      const where = await buildCardWhere(t.db, 1, { search });
      const plan = await planCardList(t.db, 1, where, effectiveSort(sort), { limit: 20, offset: 0 }, true);
      return plan.page!.text.includes("vm_card_word");
    };
    // "oracle": one card of 16; "filler": half of them, where the walk is cheap.
    await t.db.card.createMany({ data: Array.from({ length: 8 }, (_, k) => ({ slug: `filler-${k}`, name: `Filler ${k}` })) });
    expect(await readsWords("oracle")).toBe(true);
    expect(await readsWords("filler")).toBe(false);
    expect(await readsWords("oracle", "name:asc")).toBe(false);
    await t.db.card.deleteMany({ where: { slug: { startsWith: "filler-" } } });

    const body = (await api("GET", "/cards/?search=oracle", { token })).body;
    expect(slugsOf(body)).toEqual(["chainlink-oracle"]);
    expect(body.pagination.total).toBe(1);
  });
});
