import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { seedCards, slugsOf } from "./fixture";

let t: TTestDb;
let token: string;

beforeAll(async () => {
  t = await openTestDb();
  await seedCards(t.db);
  token = (await createAccount(t.db, { staff: true })).token;
});
afterAll(async () => {
  await t?.close();
});

const get = (query: string) => api("GET", `/cards/?${query}`, { token });

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe("sorting", () => {
  it.each<[string | undefined, string, string[]]>([
    [
      undefined,
      "latest_signal_date:desc",
      ["omega-robotics", "epsilon-data", "gamma-ai", "chainlink-oracle", "alpha-dex", "delta-chain", "beta-lending", "zeta"],
    ],
    [
      "trending",
      "trending",
      ["omega-robotics", "alpha-dex", "epsilon-data", "gamma-ai", "chainlink-oracle", "delta-chain", "beta-lending", "zeta"],
    ],
    [
      "recent",
      "recent",
      ["zeta", "omega-robotics", "chainlink-oracle", "epsilon-data", "delta-chain", "gamma-ai", "beta-lending", "alpha-dex"],
    ],
    [
      "most_active",
      "most_active",
      ["zeta", "alpha-dex", "beta-lending", "omega-robotics", "chainlink-oracle", "epsilon-data", "gamma-ai", "delta-chain"],
    ],
    [
      "name:asc",
      "name:asc",
      ["alpha-dex", "beta-lending", "chainlink-oracle", "delta-chain", "epsilon-data", "gamma-ai", "omega-robotics", "zeta"],
    ],
    [
      "name:desc",
      "name:desc",
      ["zeta", "omega-robotics", "gamma-ai", "epsilon-data", "delta-chain", "chainlink-oracle", "beta-lending", "alpha-dex"],
    ],
    [
      "latest_signal_date:asc",
      "latest_signal_date:asc",
      ["beta-lending", "delta-chain", "alpha-dex", "chainlink-oracle", "gamma-ai", "epsilon-data", "omega-robotics", "zeta"],
    ],
    [
      "interactions_count:asc,name:desc",
      "interactions_count:asc,name:desc",
      ["zeta", "delta-chain", "chainlink-oracle", "beta-lending", "gamma-ai", "epsilon-data", "omega-robotics", "alpha-dex"],
    ],
    [
      "created_at:asc",
      "created_at:asc",
      ["alpha-dex", "beta-lending", "gamma-ai", "delta-chain", "epsilon-data", "chainlink-oracle", "omega-robotics", "zeta"],
    ],
    [
      "updated_at:desc",
      "updated_at:desc",
      ["zeta", "beta-lending", "alpha-dex", "omega-robotics", "chainlink-oracle", "epsilon-data", "gamma-ai", "delta-chain"],
    ],
    [
      " Updated_At : DESC ",
      "updated_at:desc",
      ["zeta", "beta-lending", "alpha-dex", "omega-robotics", "chainlink-oracle", "epsilon-data", "gamma-ai", "delta-chain"],
    ],
    [
      "TRENDING",
      "trending",
      ["omega-robotics", "alpha-dex", "epsilon-data", "gamma-ai", "chainlink-oracle", "delta-chain", "beta-lending", "zeta"],
    ],
  ])("sort=%s", async (sort, effective, expected) => {
    const r = await get(sort === undefined ? "" : `sort=${encodeURIComponent(sort)}`);
    expect(r.status).toBe(200);
    expect(r.body.meta.sort).toBe(effective);
    expect(slugsOf(r.body)).toEqual(expected);
  });

  it.each(["bogus", "name", "name:up", "name:asc:x", "id:asc", "name:asc,name:desc", "name:asc,", ","])(
    "refuses sort=%s with 400 naming sort",
    async (sort) => {
      const r = await get(`sort=${encodeURIComponent(sort)}`);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "validation_error", message: expect.stringContaining("sort") });
      expect(r.body.details.sort).toBeDefined();
    },
  );

  it("pages through a sort without overlap or gaps", async () => {
    for (const sort of ["trending", "name:asc", "latest_signal_date:asc", "updated_at:desc"]) {
      const all = slugsOf((await get(`sort=${sort}&limit=100`)).body);
      const paged: string[] = [];
      for (let offset = 0; offset < all.length; offset += 3)
        paged.push(...slugsOf((await get(`sort=${sort}&limit=3&offset=${offset}`)).body));
      expect(paged).toEqual(all);
    }
  });
});

describe("item fields", () => {
  it("has exactly the spec's list fields with their types", async () => {
    const r = await get("limit=100");
    const alpha = r.body.data.find((c: any) => c.slug === "alpha-dex");
    expect(Object.keys(alpha).sort()).toEqual(
      [
        "id",
        "slug",
        "name",
        "public_url",
        "description",
        "image",
        "url",
        "interactions_count",
        "trending",
        "stage",
        "round",
        "categories",
        "location",
        "created_at",
        "updated_at",
        "last_round",
        "last_interaction_at",
        "first_interaction_at",
        "social_links",
        "open_to_intro",
        "has_intro_request",
      ].sort(),
    );
    expect(alpha).toMatchObject({
      id: expect.any(Number),
      name: "Alpha DEX",
      public_url: "http://localhost:3000/cards/alpha-dex",
      description: "Decentralised exchange",
      image: "https://img.example/alpha.png",
      url: "https://alpha.example",
      interactions_count: 3,
      trending: true,
      stage: { name: "Seed", slug: "seed" },
      round: { name: "Unknown", slug: null },
      categories: [{ name: "DEX", slug: "dex" }],
      location: {
        formatted: "San Francisco, CA, US",
        slug: "san-francisco",
        city: "San Francisco",
        state: "CA",
        country: "US",
        region: "North America",
        region_slug: "north-america",
        type: "city",
      },
      created_at: "2024-01-10T12:00:00.000Z",
      updated_at: "2024-06-10T00:00:00.000Z",
      last_round: "2023-12-01",
      last_interaction_at: "2024-03-05T10:00:00.000Z",
      first_interaction_at: "2024-01-20T09:00:00.000Z",
      social_links: [{ key: "website", name: "Website", url: "https://alpha.example" }],
      open_to_intro: false,
      has_intro_request: false,
    });
    for (const c of r.body.data) {
      expect(c.created_at).toMatch(ISO);
      expect(c.updated_at).toMatch(ISO);
      for (const k of ["last_interaction_at", "first_interaction_at"]) if (c[k] !== null) expect(c[k]).toMatch(ISO);
      if (c.last_round !== null) expect(c.last_round).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(c.stage).toHaveProperty("name");
      expect(c.round).toHaveProperty("slug");
      expect(Array.isArray(c.categories) && Array.isArray(c.social_links)).toBe(true);
      expect(c).not.toHaveProperty("user_data");
    }
  });

  it("gives null location for none or a placeholder, Unknown stage and round, sorted categories", async () => {
    const data = (await get("limit=100")).body.data;
    const by = (slug: string) => data.find((c: any) => c.slug === slug);
    expect(by("delta-chain").location).toBeNull();
    expect(by("zeta").location).toBeNull();
    expect(by("zeta").stage).toEqual({ name: "Unknown", slug: null });
    expect(by("zeta").round).toEqual({ name: "Unknown", slug: null });
    expect(by("zeta").categories).toEqual([]);
    expect(by("zeta").last_interaction_at).toBeNull();
    expect(by("zeta").description).toBeNull();
    expect(by("beta-lending").categories).toEqual([
      { name: "DeFi", slug: "defi" },
      { name: "Lending", slug: "lending" },
    ]);
    expect(by("epsilon-data").location).toEqual({
      formatted: "Germany",
      slug: "germany",
      city: null,
      state: null,
      country: "DE",
      region: "Europe",
      region_slug: "europe",
      type: "country",
    });
  });

  it("view=compact returns the compact fields and says so in meta.fields", async () => {
    const r = await get("view=compact");
    const compact = ["id", "interactions_count", "last_interaction_at", "name", "public_url", "round", "slug", "stage"];
    expect(r.body.meta.fields).toEqual(compact);
    for (const c of r.body.data) expect(Object.keys(c).sort()).toEqual(compact);
  });

  it("fields=... returns only those keys; meta.fields is sorted", async () => {
    const r = await get("fields=slug,name,location");
    expect(r.body.meta.fields).toEqual(["location", "name", "slug"]);
    for (const c of r.body.data) expect(Object.keys(c).sort()).toEqual(["location", "name", "slug"]);
    const full = await get("");
    expect(full.body.meta.fields).toHaveLength(21);
    expect(full.body.meta.fields).toEqual([...full.body.meta.fields].sort());
  });

  it("refuses unknown fields and views", async () => {
    const r = await get("fields=slug,nope");
    expect(r.status).toBe(400);
    expect(r.body.details.fields).toBeDefined();
    expect((await get("view=tiny")).body).toMatchObject({ error: "validation_error" });
  });
});

describe("pagination", () => {
  it("counts the total and tells has_next", async () => {
    const r = await get("limit=3&offset=0");
    expect(r.body.pagination).toEqual({ limit: 3, offset: 0, total: 8, has_next: true });
    expect(r.body.data).toHaveLength(3);
    const last = await get("limit=3&offset=6");
    expect(last.body.pagination).toEqual({ limit: 3, offset: 6, total: 8, has_next: false });
    expect(last.body.data).toHaveLength(2);
    const beyond = await get("limit=3&offset=100");
    expect(beyond.body).toMatchObject({ data: [], pagination: { total: 8, has_next: false } });
  });

  it("include_total=false gives total null and still knows has_next", async () => {
    const a = await get("limit=4&include_total=false");
    expect(a.body.pagination).toEqual({ limit: 4, offset: 0, total: null, has_next: true });
    expect(a.body.data).toHaveLength(4);
    const b = await get("limit=4&offset=4&include_total=false");
    expect(b.body.pagination).toEqual({ limit: 4, offset: 4, total: null, has_next: false });
    expect(b.body.data).toHaveLength(4);
  });

  it("defaults to 20, clamps above 100 and refuses below 1 or negative offsets", async () => {
    expect((await get("")).body.pagination.limit).toBe(20);
    expect((await get("limit=1000")).body.pagination.limit).toBe(100);
    for (const q of ["limit=0", "limit=-5", "offset=-1", "limit=abc", "offset=1.5"]) {
      const r = await get(q);
      expect(r.status, q).toBe(400);
      expect(r.body.error).toBe("validation_error");
    }
  });
});

describe("GET and POST", () => {
  it.each([
    ["stages=seed,series-a&sort=name:asc", { stages: ["seed", "series-a"], sort: "name:asc" }],
    ["categories=ai&locations=north-america&fields=slug,stage", { categories: ["ai"], locations: ["north-america"], fields: "slug,stage" }],
    [
      "participants=angel-c&min_signals=2&include_total=false&limit=2",
      { participants: ["angel-c"], min_signals: 2, include_total: false, limit: 2 },
    ],
    ["search=chain&created_after=2024-01-01&view=compact", { search: "chain", created_after: "2024-01-01", view: "compact" }],
    ["featured=true&trending=true&display_preference=web3", { featured: true, trending: true, display_preference: "web3" }],
  ])("GET %s equals POST", async (query, body) => {
    const g = await get(query);
    const p = await api("POST", "/cards/", { token, body });
    expect(g.status).toBe(200);
    expect(p.status).toBe(200);
    expect(p.body).toEqual(g.body);
  });

  it("POST takes lists as arrays (fields also as a comma string) and refuses unknown parameters", async () => {
    const p = await api("POST", "/cards/", { token, body: { stages: ["seed", "series-a"], fields: "id,slug" } });
    expect(slugsOf(p.body)).toEqual(slugsOf((await get("stages=seed,series-a")).body));
    expect(p.body.meta.fields).toEqual(["id", "slug"]);
    const comma = await api("POST", "/cards/", { token, body: { stages: "seed,series-a" } });
    expect([comma.status, comma.body.details]).toEqual([400, { stages: ["must be a list of strings"] }]);
    const bad = await api("POST", "/cards/", { token, body: { colour: "red" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("validation_error");
    expect((await get("colour=red")).status).toBe(400);
    expect((await api("POST", "/cards/", { token, body: { stages: [1, { x: 1 }] } })).status).toBe(400);
  });
});

describe("semantic parameters", () => {
  it("validates them and answers 503 semantic_unavailable while no embeddings exist", async () => {
    const noSearch = await get("semantic=true");
    expect(noSearch.status).toBe(400);
    expect(noSearch.body).toMatchObject({ error: "validation_error", details: { semantic: expect.any(Array) } });
    for (const v of ["-0.1", "1.5", "abc"]) {
      const r = await get(`search=data&semantic=true&min_similarity=${v}`);
      expect(r.status).toBe(400);
      expect(r.body.details.min_similarity).toBeDefined();
    }
    const r = await get("search=data&semantic=YES&min_similarity=0.5");
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ error: "semantic_unavailable", message: expect.any(String) });
    expect((await get("search=data&semantic=false")).body.data.map((c: any) => c.slug)).toEqual(["epsilon-data"]);
  });
});

describe("access", () => {
  it("needs a token and a full-scope account", async () => {
    expect((await api("GET", "/cards/")).status).toBe(401);
    const limited = await createAccount(t.db, { scope: "collections_only" });
    const r = await api("GET", "/cards/", { token: limited.token });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("permission_denied");
  });
});
