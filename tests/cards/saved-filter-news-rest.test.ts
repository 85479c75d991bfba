import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSavedFilter } from "~/server/domain/saved-filters/filters";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserCaller } from "../helpers/trpc";
import { base, bearer, discover, registerApp, tokensFor } from "../oauth/helpers";
import { seedCards } from "./fixture";
import { setLastSeen, markedSeenBy } from "../helpers/saved-filters";

/**
 * GET /v1/cards/filters/{id}/new/, POST /v1/cards/filters/{id}/seen/ and the counts of
 * GET /v1/cards/filters/?include_counts=true: a saved filter's new cards over REST, sharing "Mark
 * seen" with the workspace.
 */

let t: TTestDb;
let alice: Awaited<ReturnType<typeof createAccount>>;
let bob: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  t = await openTestDb();
  await seedCards(t.db);
  alice = await createAccount(t.db, { plan: "paid" });
  bob = await createAccount(t.db, { plan: "paid" });
});
afterAll(async () => {
  await t?.close();
});

const get = (path: string, token = alice.token) => api("GET", path, { token });
const slugs = (body: { data: { slug: string }[] }) => body.data.map((c) => c.slug);
const saveFilter = (name: string, params: Record<string, string | string[]> = {}, accountId = alice.account.id) =>
  createSavedFilter(t.db, accountId, name, params);

describe("GET /v1/cards/filters/{id}/new/", () => {
  it("lists the cards added since the filter was saved, then since it was marked seen", async () => {
    const f = await saveFilter("Everything new");
    const empty = await get(`/cards/filters/${f.id}/new/`);
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    expect(empty.body).toEqual({
      data: [],
      pagination: { limit: 20, offset: 0, total: 0, has_next: false },
      meta: expect.objectContaining({ since: f.created_at, sort: "latest_signal_date:desc" }),
    });

    await t.db.card.create({ data: { slug: "news-fresh", name: "News fresh" } });
    const fresh = await get(`/cards/filters/${f.id}/new/`);
    expect(slugs(fresh.body)).toEqual(["news-fresh"]);
    expect(fresh.body.pagination.total).toBe(1);
    // Reading the new cards marks nothing seen.
    expect(slugs((await get(`/cards/filters/${f.id}/new/`)).body)).toEqual(["news-fresh"]);

    const seen = await api("POST", `/cards/filters/${f.id}/seen/`, { token: alice.token });
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body).toEqual({ data: { id: f.id, last_seen_at: expect.any(String) } });
    const after = await get(`/cards/filters/${f.id}/new/`);
    expect(after.body.data).toEqual([]);
    expect(after.body.meta.since).toBe(seen.body.data.last_seen_at);

    await t.db.card.create({ data: { slug: "news-fresher", name: "News fresher" } });
    expect(slugs((await get(`/cards/filters/${f.id}/new/`)).body)).toEqual(["news-fresher"]);
  });

  it("counts from `since` when given (a date or a date-time with its zone), with the filter's parameters under those given", async () => {
    const f = await saveFilter("Since", { stages: ["seed", "series-a"] });
    const day = await get(`/cards/filters/${f.id}/new/?since=2024-03-15&sort=name:asc`);
    expect(day.status, JSON.stringify(day.body)).toBe(200);
    expect(slugs(day.body)).toEqual(["epsilon-data", "gamma-ai", "omega-robotics"]);
    expect(day.body.meta.since).toBe("2024-03-15T00:00:00.000Z");
    // gamma-ai was created at 2024-03-15T23:59:59Z.
    const later = await get(`/cards/filters/${f.id}/new/?since=${encodeURIComponent("2024-03-16T01:00:00+01:00")}&sort=name:asc`);
    expect(slugs(later.body)).toEqual(["epsilon-data", "omega-robotics"]);
    expect(later.body.meta.since).toBe("2024-03-16T00:00:00.000Z");
    // `since` marks nothing: without it the page counts from when the filter was saved.
    expect((await get(`/cards/filters/${f.id}/new/`)).body.meta.since).toBe(f.created_at);

    // The same page as the card list of the filter from that day.
    const list = await get(`/cards/?filter_id=${f.id}&created_after=2024-03-16&sort=name:asc`);
    const news = await get(`/cards/filters/${f.id}/new/?since=2024-03-16&sort=name:asc`);
    expect(news.body.data).toEqual(list.body.data);
    expect(news.body.pagination).toEqual(list.body.pagination);
    expect(news.body.meta).toEqual({ ...list.body.meta, since: "2024-03-16T00:00:00.000Z" });

    // A filter parameter given here replaces the saved one, as over filter_id on the card list.
    const narrowed = await get(`/cards/filters/${f.id}/new/?since=2024-03-15&stages=series-a&sort=name:asc`);
    expect(slugs(narrowed.body)).toEqual(["gamma-ai", "omega-robotics"]);
    const explicit = await get(`/cards/?filter_id=${f.id}&stages=pre-seed,seed&created_after=2024-03-15&sort=name:asc`);
    const over = await get(`/cards/filters/${f.id}/new/?since=2024-03-15&stages=pre-seed,seed&sort=name:asc`);
    expect(slugs(over.body)).toEqual(slugs(explicit.body));
    expect(over.body.pagination).toEqual(explicit.body.pagination);
  });

  it("pages like the card list: limit, offset, include_total, view, fields", async () => {
    const f = await saveFilter("Paged");
    const all = slugs((await get(`/cards/filters/${f.id}/new/?since=2024-01-01&sort=name:asc&limit=100`)).body);
    expect(all.length).toBeGreaterThan(4);
    const page = await get(`/cards/filters/${f.id}/new/?since=2024-01-01&sort=name:asc&limit=2&offset=2`);
    expect(slugs(page.body)).toEqual(all.slice(2, 4));
    expect(page.body.pagination).toEqual({ limit: 2, offset: 2, total: all.length, has_next: true });
    const last = await get(`/cards/filters/${f.id}/new/?since=2024-01-01&sort=name:asc&limit=2&offset=${all.length - 1}`);
    expect(last.body.pagination).toMatchObject({ total: all.length, has_next: false });
    const noTotal = await get(`/cards/filters/${f.id}/new/?since=2024-01-01&limit=1&include_total=false`);
    expect(noTotal.body.pagination).toEqual({ limit: 1, offset: 0, total: null, has_next: true });
    const compact = await get(`/cards/filters/${f.id}/new/?since=2024-01-01&view=compact&limit=1`);
    expect(Object.keys(compact.body.data[0]).sort()).toEqual(compact.body.meta.fields);
    expect(compact.body.meta.fields).toEqual([
      "id",
      "interactions_count",
      "last_interaction_at",
      "name",
      "public_url",
      "round",
      "slug",
      "stage",
    ]);
    const fields = await get(`/cards/filters/${f.id}/new/?since=2024-01-01&fields=slug,name&limit=1`);
    expect(Object.keys(fields.body.data[0]).sort()).toEqual(["name", "slug"]);
    const clamped = await get(`/cards/filters/${f.id}/new/?since=2024-01-01&limit=500`);
    expect(clamped.body.pagination.limit).toBe(100);
  });

  it("answers 400 for a bad since, paging value or parameter, 404 for another account's or a missing filter", async () => {
    const f = await saveFilter("Private");
    for (const since of ["yesterday", "2024-02-30", "2024-03-16T10:00:00", "2024-03-16T25:00:00Z", "2024-03-16 10:00Z"]) {
      const r = await get(`/cards/filters/${f.id}/new/?since=${encodeURIComponent(since)}`);
      expect([r.status, r.body.error], since).toEqual([400, "validation_error"]);
      expect(Object.keys(r.body.details), since).toEqual(["since"]);
    }
    expect((await get(`/cards/filters/${f.id}/new/?limit=0`)).status).toBe(400);
    // The path names the filter: filter_id is not a parameter here.
    const unknown = await get(`/cards/filters/${f.id}/new/?filter_id=${f.id}`);
    expect([unknown.status, unknown.body.details]).toEqual([400, { filter_id: ["unknown parameter"] }]);

    for (const path of [`/cards/filters/${f.id}/new/`, `/cards/filters/999999/new/`]) {
      const r = await get(path, path.includes("999999") ? alice.token : bob.token);
      expect([r.status, r.body.error], path).toEqual([404, "not_found"]);
    }
    const seenByBob = await api("POST", `/cards/filters/${f.id}/seen/`, { token: bob.token });
    expect([seenByBob.status, seenByBob.body.error]).toEqual([404, "not_found"]);
    expect((await api("POST", "/cards/filters/999999/seen/", { token: alice.token })).status).toBe(404);
    expect((await get("/cards/filters/abc/new/")).status).toBe(400);
    // Bob's attempt marked nothing.
    expect(await markedSeenBy(t.db, f.id)).toEqual([]);
  });

  it("is a counted request with the rate-limit headers", async () => {
    const f = await saveFilter("Counted");
    const before = Number((await get("/cards/filters/")).headers.get("x-ratelimit-remaining"));
    const r = await get(`/cards/filters/${f.id}/new/`);
    expect(Number(r.headers.get("x-ratelimit-remaining"))).toBe(before - 1);
    const seen = await api("POST", `/cards/filters/${f.id}/seen/`, { token: alice.token });
    expect(Number(seen.headers.get("x-ratelimit-remaining"))).toBe(before - 2);
  });
});

describe("Mark seen is one function for REST and the workspace", () => {
  it("a REST seen resets the workspace's count, and the workspace's Mark seen resets the REST page", async () => {
    const f = await saveFilter("Shared", { stages: ["seed"] });
    await setLastSeen(t.db, f.id, new Date("2024-02-01T00:00:00Z"));
    const ui = await browserCaller(t.db, alice.account.id);
    const id = String(f.id);
    const news = async () => {
      const page = await ui.cards.filterNewCards({ id, limit: "1" });
      return { count: page.pagination.total, since: page.meta.since };
    };
    expect((await news()).count).toBe(1);
    expect(slugs((await get(`/cards/filters/${f.id}/new/`)).body)).toEqual(["epsilon-data"]);

    const seen = await api("POST", `/cards/filters/${f.id}/seen/`, { token: alice.token });
    expect(await news()).toEqual({ count: 0, since: seen.body.data.last_seen_at });

    await setLastSeen(t.db, f.id, new Date("2024-02-01T00:00:00Z"));
    const marked = await ui.cards.markFilterSeen({ id });
    const rest = await get(`/cards/filters/${f.id}/new/`);
    expect(rest.body.data).toEqual([]);
    expect(rest.body.meta.since).toBe(marked.data.last_seen_at);
  });
});

describe("GET /v1/cards/filters/?include_counts=true", () => {
  it("adds each filter's matching and new counts, as the workspace's saved filters page has them", async () => {
    const carol = await createAccount(t.db, { plan: "paid" });
    const f = await saveFilter("Seed", { stages: ["seed"] }, carol.account.id);
    await setLastSeen(t.db, f.id, new Date("2024-03-01T00:00:00Z"));

    const plain = await get("/cards/filters/", carol.token);
    expect(Object.keys(plain.body.data[0]).sort()).toEqual(["created_at", "id", "name", "owner", "params", "updated_at", "visibility"]);
    const counted = await get("/cards/filters/?include_counts=true", carol.token);
    expect(counted.status, JSON.stringify(counted.body)).toBe(200);
    expect(counted.body.data).toEqual([
      { ...plain.body.data[0], last_seen_at: "2024-03-01T00:00:00.000Z", matching: 2, new_since_seen: 1 },
    ]);
    const ui = await browserCaller(t.db, carol.account.id);
    expect(counted.body).toEqual(await ui.cards.filters({ include_counts: true }));
    expect((await get("/cards/filters/?include_counts=maybe", carol.token)).status).toBe(400);
  });
});

describe("scopes", () => {
  it("an OAuth token without cards:read gets 403; with it, the new cards and seen", async () => {
    const as: oauth.AuthorizationServer = await discover();
    const app = await registerApp(t.db);
    const f = await saveFilter("Scoped");
    const without = (await tokensFor(t.db, as, app, alice.account.id, { scope: "participants:read radar:read" })).access_token;
    for (const [method, path] of [
      ["GET", `/cards/filters/${f.id}/new/`],
      ["POST", `/cards/filters/${f.id}/seen/`],
      ["GET", "/cards/filters/?include_counts=true"],
    ] as const) {
      const r = await api(method, path, { headers: bearer(without) });
      expect([r.status, r.body.error], path).toEqual([403, "permission_denied"]);
      expect(r.headers.get("www-authenticate")).toBe('Bearer error="insufficient_scope", scope="cards:read"');
    }
    expect(await markedSeenBy(t.db, f.id)).toEqual([]);

    const withScope = (await tokensFor(t.db, as, app, alice.account.id, { scope: "cards:read" })).access_token;
    expect((await api("GET", `/cards/filters/${f.id}/new/`, { headers: bearer(withScope) })).status).toBe(200);
    expect((await api("POST", `/cards/filters/${f.id}/seen/`, { headers: bearer(withScope) })).status).toBe(200);
  });

  it("a token issued for /mcp is refused on both (401), and marks nothing seen", async () => {
    const as: oauth.AuthorizationServer = await discover();
    const app = await registerApp(t.db);
    const f = await saveFilter("Audience");
    const forMcp = (await tokensFor(t.db, as, app, alice.account.id, { scope: "cards:read", resource: `${base()}/mcp` })).access_token;
    for (const [method, path] of [
      ["GET", `/cards/filters/${f.id}/new/`],
      ["POST", `/cards/filters/${f.id}/seen/`],
    ] as const) {
      expect((await api(method, path, { headers: bearer(forMcp) })).status, path).toBe(401);
    }
    expect(await markedSeenBy(t.db, f.id)).toEqual([]);
  });

  it("a deeply nested body on seen is a 400 validation_error, and marks nothing seen", async () => {
    const f = await saveFilter("Nested");
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    const r = await api("POST", `/cards/filters/${f.id}/seen/`, {
      token: alice.token,
      rawBody: deep,
      headers: { "content-type": "application/json" },
    });
    expect([r.status, r.body.error]).toEqual([400, "validation_error"]);
    expect(await markedSeenBy(t.db, f.id)).toEqual([]);
  });
});
