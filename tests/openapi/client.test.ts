import createClient from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleRest } from "~/server/api/rest/handler";
import { seedCards } from "../cards/fixture";
import { createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { networkAProfile } from "../radar/fixtures";
import { insertProfiles, rawDataAccount } from "../rawdata/fixtures";
import type { paths } from "./schema";

/**
 * A client generated from the served document (openapi-typescript types + openapi-fetch) drives the
 * REST edge in process. The calls are type-checked against tests/openapi/schema.d.ts by `npm test --
 * typecheck`, so a document that no longer describes these requests or answers fails there, and a
 * document whose paths, parameters or bodies the service does not accept fails here.
 */

let t: TTestDb;
let token: string;
let rawToken: string;

/** A typed client for one token; lists go comma-separated, as the document declares (explode: false). */
function client(apiToken: string) {
  return createClient<paths>({
    baseUrl: "http://localhost/v1",
    headers: { Authorization: `Token ${apiToken}` },
    querySerializer: { array: { style: "form", explode: false } },
    fetch: (req: Request) => handleRest(req),
  });
}

beforeAll(async () => {
  t = await openTestDb();
  await seedCards(t.db);
  await insertProfiles(t.db, [
    { id: 1, name: "Anna Weber", classification: "strong_potential_founder", path: "declared_founder", location: "Berlin, Germany" },
    { id: 2, name: "Ben Ortiz", classification: "potential_founder", location: "Madrid, Spain" },
    { id: 3, name: "Cleo Martin", classification: "strong_potential_founder", location: "Paris, France" },
  ]);
  await networkAProfile(t.db, { slug: "dana-kim", name: "Dana Kim", id: 50 });
  token = (await createAccount(t.db, { plan: "paid" })).token;
  rawToken = (await rawDataAccount(t.db)).token;
});
afterAll(async () => {
  await t?.close();
});

describe("typed client from the OpenAPI document", () => {
  it("lists cards with a filter and paging", async () => {
    const api = client(token);
    const first = await api.GET("/cards/", { params: { query: { stages: ["seed", "pre-seed"], sort: "name:asc", limit: 2 } } });
    expect(first.error).toBeUndefined();
    expect(first.response.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
    const page1 = first.data!;
    // alpha-dex, beta-lending, chainlink-oracle and epsilon-data are seed or pre-seed (tests/cards/fixture.ts).
    expect(page1.data.map((c) => c.slug)).toEqual(["alpha-dex", "beta-lending"]);
    expect(page1.pagination).toEqual({ limit: 2, offset: 0, total: 4, has_next: true });
    const second = await api.GET("/cards/", {
      params: { query: { stages: ["seed", "pre-seed"], sort: "name:asc", limit: 2, offset: 2, include_total: false } },
    });
    const page2 = second.data!;
    expect(page2.data.map((c) => c.slug)).toEqual(["chainlink-oracle", "epsilon-data"]);
    expect(page2.pagination).toEqual({ limit: 2, offset: 2, total: null, has_next: false });
    // List items are partial in the schema (`fields` and `view` select them): the type says so.
    const stage: string | undefined = page2.data[1]!.stage?.name;
    expect(stage).toBe("Seed");
  });

  it("reads one card by slug, and a typed 404 error body for an unknown one", async () => {
    const api = client(token);
    const { data, error } = await api.GET("/cards/{slug}/", { params: { path: { slug: "alpha-dex" } } });
    expect(error).toBeUndefined();
    expect(data!.data).toMatchObject({ slug: "alpha-dex", name: "Alpha DEX", stage: { slug: "seed" }, interactions_count: 3 });
    expect(data!.data.interactions?.map((i) => i.participant.slug)).toEqual(["partner-b", "fund-a", "angel-c"]);
    const missing = await api.GET("/cards/{slug}/", { params: { path: { slug: "no-such-card" } } });
    expect(missing.response.status).toBe(404);
    const code: string | undefined = missing.error?.error;
    expect(code).toBe("not_found");
  });

  it("lists founder profiles with the raw-data permission, and is refused without it", async () => {
    const { data, error } = await client(rawToken).GET("/network_a/profiles/", {
      params: { query: { classification: ["strong_potential_founder"], sort: "name:asc", limit: 10 } },
    });
    expect(error).toBeUndefined();
    expect(data!.data.map((p) => p.name)).toEqual(["Anna Weber", "Cleo Martin"]);
    expect(data!.meta.filters).toEqual({ classification: ["strong_potential_founder"] });
    const refused = await client(token).GET("/network_a/profiles/", {});
    expect(refused.response.status).toBe(403);
    expect(refused.error?.error).toBe("permission_denied");
  });

  it("follows a profile with radar create, then finds the application", async () => {
    const api = client(token);
    const { data, error } = await api.POST("/radar/applications/", { body: { source: "network_a", username: "dana-kim" } });
    expect(error).toBeUndefined();
    const created = data!.data;
    if (!("init_status" in created)) throw new Error("expected a new application");
    expect(created).toMatchObject({ source: "network_a", username: "dana-kim", is_tracking: true, init_status: "pending" });
    expect(data!.quota.network_a).toEqual({ limit: 100, used: 1, remaining: 99 });
    const list = await api.GET("/radar/applications/{source}/", {
      params: { path: { source: "network_a" }, query: { init_status: "pending" } },
    });
    expect(list.data!.data.map((a) => a.id)).toEqual([created.id]);
    const invalid = await api.POST("/radar/applications/", {
      body: { source: "network_a", network_b_url: "https://network-b.example/dana" },
    });
    expect(invalid.response.status).toBe(400);
    expect(invalid.error?.details).toHaveProperty("network_b_url");
  });

  it("is typed: wrong parameter types and unknown paths do not compile", () => {
    const api = client(token);
    // Each line is a type error against the generated schema; none is sent (the functions are never called).
    const wrong = [
      // @ts-expect-error limit is an integer
      () => api.GET("/cards/", { params: { query: { limit: "ten" } } }),
      // @ts-expect-error view is `default` or `compact`
      () => api.GET("/cards/", { params: { query: { view: "wide" } } }),
      // @ts-expect-error the path needs its slug
      () => api.GET("/cards/{slug}/", { params: { path: {} } }),
      // @ts-expect-error source is network_a or network_b
      () => api.POST("/radar/applications/", { body: { source: "network_c", username: "x" } }),
      // @ts-expect-error no such path
      () => api.GET("/cards/{slug}/people/", {}),
    ];
    expect(wrong).toHaveLength(5);
  });
});
