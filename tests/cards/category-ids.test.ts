import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb, type TTestDb } from "../helpers/db";
import { seedCards } from "./fixture";

/**
 * card.category_ids (migration 20261125100000): a copy of the card's rows in card_category, their
 * category ids ascending, kept by statement triggers on card_category whoever writes.
 */

let t: TTestDb;

beforeAll(async () => {
  t = await openTestDb();
  await seedCards(t.db);
});
afterAll(async () => {
  await t?.close();
});

/** Cards whose copy differs from card_category (0: in step). */
async function drift(): Promise<number> {
  const [row] = await t.db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM card c
     WHERE c.category_ids IS DISTINCT FROM ARRAY(SELECT cc.category_id FROM card_category cc WHERE cc.card_id = c.id ORDER BY cc.category_id)`;
  return row!.n;
}

const idsOf = async (cardId: number) => (await t.db.card.findUniqueOrThrow({ where: { id: cardId } })).categoryIds;
const category = (slug: string) => t.db.category.findUniqueOrThrow({ where: { slug } }).then((c) => c.id);

describe("card.category_ids", () => {
  it("holds every card's categories after seeding", async () => {
    expect(await drift()).toBe(0);
    const [withSome] = await t.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM card WHERE cardinality(category_ids) > 0`;
    expect(withSome!.n).toBeGreaterThan(0);
  });

  it("follows inserts, updates and deletes of card_category, sorted ascending", async () => {
    const card = await t.db.card.create({ data: { slug: "copy-test", name: "Copy test" } });
    expect(await idsOf(card.id)).toEqual([]);
    const [ml, ai, infra] = [await category("ml"), await category("ai"), await category("infra")];
    await t.db.cardCategory.createMany({ data: [ml, ai].map((categoryId) => ({ cardId: card.id, categoryId })) });
    expect(await idsOf(card.id)).toEqual([ml, ai].sort((a, b) => a - b));
    await t.db.cardCategory.update({ where: { cardId_categoryId: { cardId: card.id, categoryId: ml } }, data: { categoryId: infra } });
    expect(await idsOf(card.id)).toEqual([ai, infra].sort((a, b) => a - b));
    await t.db.cardCategory.deleteMany({ where: { cardId: card.id, categoryId: ai } });
    expect(await idsOf(card.id)).toEqual([infra]);
    expect(await drift()).toBe(0);
  });

  it("loses a deleted category (cascade) and empties on TRUNCATE", async () => {
    const card = await t.db.card.create({ data: { slug: "copy-cascade", name: "Copy cascade" } });
    const gone = await t.db.category.create({ data: { slug: "short-lived", name: "Short-lived" } });
    await t.db.cardCategory.create({ data: { cardId: card.id, categoryId: gone.id } });
    expect(await idsOf(card.id)).toEqual([gone.id]);
    await t.db.category.delete({ where: { id: gone.id } });
    expect(await idsOf(card.id)).toEqual([]);
    expect(await drift()).toBe(0);

    await t.db
      .$transaction(async (tx) => {
        await tx.$executeRaw`TRUNCATE card_category`;
        const [left] = await tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM card WHERE cardinality(category_ids) > 0`;
        expect(left!.n).toBe(0);
        throw new Error("rollback");
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error) || err.message !== "rollback") throw err;
      });
    expect(await drift()).toBe(0);
  });
});
