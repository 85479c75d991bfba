import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countPlan, matchingIdsSql } from "~/server/domain/cards/count";
import { Prisma } from "~/server/db/generated/prisma/client";
import { buildCardWhere } from "~/server/domain/cards/filters";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { recomputeDerived, seedCards, slugsOf, type TFixture } from "./fixture";

/**
 * The cheap count plans (count.ts) and the participant page plans (walk or collect) must give the
 * same answers as the plain filter, also after writes that the vm_ triggers follow.
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

const get = async (query: string) => {
  const r = await api("GET", `/cards/?${/limit=/.test(query) ? "" : "limit=100&"}${query}`, { token });
  expect(r.status, `${query}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body;
};

/** The total by brute force: the number of items in the full list without a total. */
async function bruteTotal(query: string): Promise<number> {
  return (await get(`${query}&include_total=false`)).data.length;
}

const QUERIES = [
  "",
  "categories=ai",
  "categories=defi,dex",
  "categories=ai&stages=series-a",
  "categories=ai&rounds=angel",
  "categories=ai,defi&stages=seed&rounds=angel",
  "participants=fund-a",
  "participants=angel-c,partner-b",
  "search=chain",
  "search=data",
  "search=hain",
  "locations=north-america&created_after=2024-01-01&created_before=2024-12-31",
];

describe("count plans", () => {
  it("choose the expected plan", async () => {
    const plan = async (p: Record<string, unknown>) => countPlan(await buildCardWhere(t.db, 1, p));
    expect(await plan({})).toBe("card_total");
    expect(await plan({ categories: ["ai"], stages: ["seed"] })).toBe("card_category");
    expect(await plan({ participants: ["fund-a"] })).toBe("participants");
    expect(await plan({ search: "chain" })).toBe("search");
    expect(await plan({ search: "chain", featured: true })).toBe("card");
    expect(await plan({ stages: ["nope"] })).toBe("none");
  });

  it("enumerate exactly the cards of the filter, each once, where they give the ids (semantic search reads them)", async () => {
    const shapes: Record<string, unknown>[] = [
      { categories: ["ai"] },
      { categories: ["defi", "dex"] },
      { categories: ["ai"], stages: ["series-a"] },
      { categories: ["ai", "defi"], stages: ["seed"], rounds: ["angel"] },
      { participants: ["fund-a"] },
      { participants: ["angel-c", "partner-b"] },
    ];
    for (const p of shapes) {
      const where = await buildCardWhere(t.db, 1, p);
      const ids = matchingIdsSql(where);
      expect(ids, JSON.stringify(p)).toBeDefined();
      const want = (await t.db.$queryRaw<{ id: number }[]>(Prisma.sql`SELECT c.id FROM card c WHERE ${where.sql} ORDER BY c.id`)).map(
        (r) => r.id,
      );
      expect(want.length, JSON.stringify(p)).toBeGreaterThan(0);
      for (const read of ["all", "first"] as const) {
        const got = (await t.db.$queryRaw<{ id: number }[]>(Prisma.sql`SELECT f.id FROM (${ids![read]}) f`))
          .map((r) => r.id)
          .sort((a, b) => a - b);
        expect(got, `${read} ${JSON.stringify(p)}`).toEqual(want);
      }
    }
    expect(matchingIdsSql(await buildCardWhere(t.db, 1, { search: "chain" }))).toBeUndefined();
    expect(matchingIdsSql(await buildCardWhere(t.db, 1, { categories: ["ai"], featured: true }))).toBeUndefined();
  });

  it("agree with a brute-force count", async () => {
    for (const q of QUERIES) expect((await get(q)).pagination.total, q).toBe(await bruteTotal(q));
  });

  it("follow writes: new cards, stage and round changes, category changes, deletions", async () => {
    const stage = await t.db.stage.findUniqueOrThrow({ where: { slug: "seed" } });
    const round = await t.db.round.findUniqueOrThrow({ where: { slug: "angel" } });
    const ai = await t.db.category.findUniqueOrThrow({ where: { slug: "ai" } });
    const fresh = await t.db.card.create({ data: { slug: "fresh", name: "Fresh chain", stageId: stage.id } });
    await t.db.cardCategory.create({ data: { cardId: fresh.id, categoryId: ai.id } });
    await t.db.card.createMany({
      data: [
        { slug: "bulk-1", name: "Bulk 1" },
        { slug: "bulk-2", name: "Bulk 2" },
      ],
    });
    expect((await get("")).pagination.total).toBe(11);
    expect((await get("categories=ai&stages=seed")).pagination.total).toBe(2);

    await t.db.card.update({ where: { id: fresh.id }, data: { stageId: null, roundId: round.id } });
    expect(slugsOf(await get("categories=ai&stages=seed"))).toEqual(["epsilon-data"]);
    expect((await get("categories=ai&rounds=angel")).pagination.total).toBe(2);

    await t.db.stage.delete({ where: { slug: "series-a" } });
    expect((await get("categories=ai&stages=series-a")).pagination.total).toBe(0);
    await t.db.card.deleteMany({ where: { slug: { in: ["bulk-1", "bulk-2"] } } });
    await t.db.card.delete({ where: { id: fresh.id } });
    expect((await get("")).pagination.total).toBe(8);
    for (const q of QUERIES) expect((await get(q)).pagination.total, q).toBe(await bruteTotal(q));
    const copies = await t.db.$queryRaw<{ bad: number }[]>`
      SELECT count(*)::int AS bad FROM card_category cc JOIN card c ON c.id = cc.card_id
      WHERE (cc.stage_id, cc.round_id) IS DISTINCT FROM (c.stage_id, c.round_id)`;
    expect(copies[0]!.bad).toBe(0);
  });
});

describe("remembered totals", () => {
  it("are reused while nothing changes and counted again after any write", async () => {
    const { rememberedCount } = await import("~/server/domain/cards/count-cache");
    const { sqlKey } = await import("~/server/db/sql-key");
    const { countSql } = await import("~/server/domain/cards/count");
    const where = await buildCardWhere(t.db, 1, { categories: ["infra"] });
    const before = (await get("categories=infra")).pagination.total;
    const entry = rememberedCount(t.db, sqlKey(countSql(where)!));
    expect(entry?.count).toBe(before);
    expect((await get("categories=infra&offset=1")).pagination.total).toBe(before);
    expect(rememberedCount(t.db, sqlKey(countSql(where)!))?.version).toBe(entry!.version);

    const infra = await t.db.category.findUniqueOrThrow({ where: { slug: "infra" } });
    const c = await t.db.card.create({ data: { slug: "infra-new", name: "Infra new" } });
    await t.db.cardCategory.create({ data: { cardId: c.id, categoryId: infra.id } });
    expect((await get("categories=infra")).pagination.total).toBe(before + 1);
    await t.db.cardCategory.deleteMany({ where: { cardId: c.id } });
    expect((await get("categories=infra")).pagination.total).toBe(before);
    await t.db.card.delete({ where: { id: c.id } });
  });

  it("follow folder changes (folder_ids totals)", async () => {
    const me = await createAccount(t.db);
    const f = await t.db.folder.create({ data: { accountId: me.account.id, name: "F" } });
    const list = async () => (await api("GET", `/cards/?folder_ids=${f.id}`, { token: me.token })).body.pagination.total;
    expect(await list()).toBe(0);
    await t.db.folderCard.create({ data: { folderId: f.id, cardId: fx.cards["zeta"]! } });
    expect(await list()).toBe(1);
    await t.db.folderCard.deleteMany({ where: { folderId: f.id } });
    expect(await list()).toBe(0);
  });
});

describe("participant pages", () => {
  it("walk and collect give the same pages", async () => {
    // One busy participant on many cards: small limits make the walk cheaper than collecting.
    const angel = fx.participants["angel-c"]!;
    for (let k = 0; k < 30; k++) {
      const c = await t.db.card.create({ data: { slug: `angel-${k}`, name: `Angel card ${k}` } });
      await t.db.interaction.create({ data: { cardId: c.id, participantId: angel, createdAt: new Date(Date.UTC(2023, 0, 1 + k)) } });
    }
    await recomputeDerived(t.db);
    const all = slugsOf(await get("participants=angel-c&sort=latest_signal_date:desc"));
    expect(all).toHaveLength(34);
    for (const sort of ["latest_signal_date:desc", "name:asc", "trending"]) {
      const full = slugsOf(await get(`participants=angel-c&sort=${sort}`));
      const paged: string[] = [];
      for (let offset = 0; offset < full.length; offset += 2) {
        const page = await get(`participants=angel-c&sort=${sort}&limit=2&offset=${offset}`);
        expect(page.pagination.total).toBe(34);
        paged.push(...slugsOf(page));
      }
      expect(paged, sort).toEqual(full);
    }
    const noTotal = await get("participants=angel-c&limit=2&include_total=false");
    expect(noTotal.pagination).toEqual({ limit: 2, offset: 0, total: null, has_next: true });
  });
});

describe("search pages", () => {
  it("walk and collect give the same pages", async () => {
    for (let k = 0; k < 30; k++) {
      await t.db.card.create({
        data: { slug: `chain-${k}`, name: `Chain ${k}`, lastInteractionAt: new Date(Date.UTC(2022, 0, 1 + (k % 7))) },
      });
    }
    for (const sort of ["latest_signal_date:desc", "name:desc"]) {
      const full = slugsOf(await get(`search=chain&sort=${sort}`));
      expect(full.length).toBeGreaterThan(30);
      const paged: string[] = [];
      for (let offset = 0; offset < full.length; offset += 2) {
        const page = await get(`search=chain&sort=${sort}&limit=2&offset=${offset}`);
        expect(page.pagination.total).toBe(full.length);
        paged.push(...slugsOf(page));
      }
      expect(paged, sort).toEqual(full);
    }
  });
});
