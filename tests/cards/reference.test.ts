import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { seedCards, type TFixture } from "./fixture";

let t: TTestDb;
let fx: TFixture;
let alice: Awaited<ReturnType<typeof createAccount>>;
let bob: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  t = await openTestDb();
  fx = await seedCards(t.db);
  alice = await createAccount(t.db);
  bob = await createAccount(t.db);
});
afterAll(async () => {
  await t?.close();
});

const get = (path: string, token = alice.token) => api("GET", path, { token });

describe("reference data", () => {
  it("stages and rounds in their natural order", async () => {
    expect((await get("/cards/stages/")).body).toEqual({
      data: [
        { slug: "pre-seed", name: "Pre-seed" },
        { slug: "seed", name: "Seed" },
        { slug: "series-a", name: "Series A" },
      ],
      meta: { total: 3 },
    });
    expect((await get("/cards/rounds/")).body).toEqual({
      data: [
        { slug: "angel", name: "Angel" },
        { slug: "seed-round", name: "Seed round" },
        { slug: "series-a-round", name: "Series A round" },
      ],
      meta: { total: 3 },
    });
  });

  it("categories as parents with children", async () => {
    expect((await get("/cards/categories/")).body).toEqual({
      data: [
        { slug: "ai", name: "AI", children: [{ slug: "ml", name: "Machine learning" }] },
        {
          slug: "defi",
          name: "DeFi",
          children: [
            { slug: "dex", name: "DEX" },
            { slug: "lending", name: "Lending" },
          ],
        },
        { slug: "infra", name: "Infrastructure", children: [] },
      ],
      meta: { total: 6 },
    });
  });

  it("locations as regions with everything under them, placeholders left out", async () => {
    const r = await get("/cards/locations/");
    expect(r.body.meta).toEqual({ total: 8, us_regions_total: 1, world_regions_total: 1 });
    expect(r.body.data.map((d: any) => [d.slug, d.scope])).toEqual([
      ["europe", "world"],
      ["north-america", "us"],
    ]);
    expect(r.body.data[0].children).toEqual([
      { slug: "germany", name: "Germany", type: "country", parent: "europe", city: null, state: null, country: "DE" },
      { slug: "berlin", name: "Berlin", type: "city", parent: "germany", city: "Berlin", state: null, country: "DE" },
    ]);
    expect(r.body.data[1].children.map((c: any) => c.slug)).toEqual(["us", "ca", "san-francisco", "new-york"]);
  });

  it("source types", async () => {
    const r = await get("/cards/source-types/");
    expect(r.body.meta).toEqual({ total: 5 });
    expect(r.body.data.map((s: any) => s.slug)).toEqual([
      "social_interactions",
      "launch_board",
      "network_a",
      "code_host",
      "new_company_registration",
    ]);
    expect(r.body.data[0]).toEqual({ slug: "social_interactions", name: "Social", group: "Social" });
  });

  it("folders and filters of the caller only, with card counts", async () => {
    const f = await t.db.folder.create({ data: { accountId: alice.account.id, name: "Watch" } });
    await t.db.folderCard.createMany({
      data: [
        { folderId: f.id, cardId: fx.cards["alpha-dex"]! },
        { folderId: f.id, cardId: fx.cards["zeta"]! },
      ],
    });
    await t.db.folder.create({ data: { accountId: bob.account.id, name: "Bob's" } });
    await t.db.savedFilter.create({ data: { accountId: alice.account.id, name: "Seeds", params: { stages: ["seed"] } } });

    const folders = await get("/cards/folders/");
    expect(folders.body).toEqual({
      data: [
        {
          id: f.id,
          name: "Watch",
          cards_count: 2,
          created_at: expect.any(String),
          updated_at: expect.any(String),
          visibility: "private",
          owner: { id: alice.account.id, email: alice.account.email },
        },
      ],
      meta: { total: 1 },
    });
    const filters = await get("/cards/filters/");
    expect(filters.body).toEqual({
      data: [
        {
          id: expect.any(Number),
          name: "Seeds",
          params: { stages: ["seed"] },
          created_at: expect.any(String),
          updated_at: expect.any(String),
          visibility: "private",
          owner: { id: alice.account.id, email: alice.account.email },
        },
      ],
      meta: { total: 1 },
    });
    expect((await get("/cards/folders/", bob.token)).body.data.map((x: any) => x.name)).toEqual(["Bob's"]);
    expect((await get("/cards/filters/", bob.token)).body).toEqual({ data: [], meta: { total: 0 } });
  });

  it("refuses parameters and needs a token", async () => {
    for (const p of ["stages", "rounds", "categories", "locations", "folders", "filters", "source-types"]) {
      expect((await get(`/cards/${p}/?x=1`)).status, p).toBe(400);
      expect((await api("GET", `/cards/${p}/`)).status, p).toBe(401);
    }
  });
});
