import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb, type TTestDb } from "../helpers/db";
import { seedCards } from "./fixture";

/**
 * card_category.code (migration 20261202900000): the binary code of the card's stored vector,
 * kept by statement triggers on card_embedding and card_category whoever writes, NULL while the
 * card has no vector. A change of code is not a change of the card data.
 */

let t: TTestDb;

beforeAll(async () => {
  t = await openTestDb();
  await seedCards(t.db);
});
afterAll(async () => {
  await t?.close();
});

/** Category rows whose code differs from their card's vector's (0: in step). */
async function drift(): Promise<number> {
  const [row] = await t.db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM card_category cc LEFT JOIN card_embedding e ON e.card_id = cc.card_id
     WHERE cc.code IS DISTINCT FROM binary_quantize(e.embedding)::varbit`;
  return row!.n;
}

const codesOf = (cardId: number) =>
  t.db.$queryRaw<
    { code: string | null }[]
  >`SELECT code::text AS code FROM card_category WHERE card_id = ${cardId} ORDER BY category_id`.then((rows) => rows.map((r) => r.code));
const version = () =>
  t.db.$queryRaw<{ v: bigint }[]>`SELECT COALESCE(sum(changes), 0)::bigint AS v FROM vm_card_changes`.then((rows) => rows[0]!.v);

const writeVector = (cardId: number, v: string) =>
  t.db.$executeRaw`INSERT INTO card_embedding (card_id, model, embedding) VALUES (${cardId}, 'test:codes', ${v}::vector)
                   ON CONFLICT (card_id) DO UPDATE SET embedding = EXCLUDED.embedding`;

describe("card_category.code", () => {
  it("follows the card's vector: written, rewritten, upserted in a batch, deleted, truncated", async () => {
    const cards = await t.db.card.findMany({ where: { categories: { some: {} } }, take: 3, orderBy: { id: "asc" }, select: { id: true } });
    expect(cards.length).toBe(3);
    const [a, b, c] = cards.map((x) => x.id) as [number, number, number];
    expect(await drift()).toBe(0);
    expect((await codesOf(a)).every((code) => code === null)).toBe(true);

    await writeVector(a, "[1,-1,0.5,-0.25]");
    expect((await codesOf(a)).every((code) => code === "1010")).toBe(true);
    await writeVector(a, "[-1,1,1,1]");
    expect((await codesOf(a)).every((code) => code === "0111")).toBe(true);

    // One statement inserting one card and updating another (the embedding job's upsert).
    await t.db.$executeRaw`
      INSERT INTO card_embedding (card_id, model, embedding)
      SELECT u.id, 'test:codes', u.v::vector FROM unnest(${[a, b]}::int[], ${["[1,1,-1,-1]", "[-1,-1,-1,1]"]}::text[]) AS u(id, v)
      ON CONFLICT (card_id) DO UPDATE SET embedding = EXCLUDED.embedding`;
    expect((await codesOf(a)).every((code) => code === "1100")).toBe(true);
    expect((await codesOf(b)).every((code) => code === "0001")).toBe(true);
    expect(await drift()).toBe(0);

    await t.db.$executeRaw`DELETE FROM card_embedding WHERE card_id = ${a}`;
    expect((await codesOf(a)).every((code) => code === null)).toBe(true);
    expect((await codesOf(b)).every((code) => code === "0001")).toBe(true);

    await writeVector(c, "[1,1,1,1]");
    await t.db.$executeRawUnsafe("TRUNCATE card_embedding");
    expect(await drift()).toBe(0);
    expect((await codesOf(b)).every((code) => code === null)).toBe(true);
  });

  it("is filled for a category row added to a card that has a vector, and for a row moved to another card", async () => {
    const card = await t.db.card.create({ data: { slug: "code-fill", name: "Code fill" } });
    const other = await t.db.card.create({ data: { slug: "code-fill-other", name: "Code fill other" } });
    const categories = await t.db.category.findMany({ take: 2, orderBy: { id: "asc" }, select: { id: true } });
    await writeVector(card.id, "[0.5,0.5,-0.5,0.5]");
    await t.db.cardCategory.createMany({ data: categories.map((x) => ({ cardId: card.id, categoryId: x.id })) });
    expect(await codesOf(card.id)).toEqual(["1101", "1101"]);

    await writeVector(other.id, "[-1,-1,-1,-1]");
    await t.db.cardCategory.update({
      where: { cardId_categoryId: { cardId: card.id, categoryId: categories[0]!.id } },
      data: { cardId: other.id },
    });
    expect(await codesOf(other.id)).toEqual(["0000"]);
    expect(await drift()).toBe(0);
  });

  it("changes neither the card data version nor card.category_ids", async () => {
    const card = await t.db.card.findFirstOrThrow({ where: { categories: { some: {} } }, select: { id: true, categoryIds: true } });
    const before = await version();
    await writeVector(card.id, "[1,0,1,0]");
    expect(await codesOf(card.id)).not.toContain(null);
    expect(await version()).toBe(before);
    expect((await t.db.card.findUniqueOrThrow({ where: { id: card.id } })).categoryIds).toEqual(card.categoryIds);
    // A category write still moves the version.
    const category = await t.db.category.create({ data: { slug: "code-version", name: "Code version" } });
    await t.db.cardCategory.create({ data: { cardId: card.id, categoryId: category.id } });
    expect(await version()).toBeGreaterThan(before);
  });
});
