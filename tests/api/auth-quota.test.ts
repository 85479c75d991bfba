import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestsPerDay } from "~/server/domain/access/quota";
import { flushRequestDays } from "~/server/domain/access/request-days";
import { revokeApiToken } from "~/server/domain/accounts/api-tokens";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";

let t: TTestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t?.close();
});

describe("authentication", () => {
  it("answers 401 not_authenticated without a token", async () => {
    const r = await api("GET", "/token/validate/");
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ error: "not_authenticated", message: expect.any(String) });
  });

  it.each([
    ["an unknown token", "Token nope"],
    ["another scheme", "Bearer abc"],
    ["no token after the scheme", "Token"],
    ["two words", "Token a b"],
    ["a huge token", `Token ${"x".repeat(5000)}`],
  ])("answers 401 authentication_failed for %s", async (_label, header) => {
    const r = await api("GET", "/token/validate/", { headers: { authorization: header } });
    expect(r.status).toBe(401);
    expect(r.body.error).toBe("authentication_failed");
    expect(typeof r.body.message).toBe("string");
  });

  it("refuses revoked and expired tokens", async () => {
    const revoked = await createAccount(t.db);
    await revokeApiToken(t.db, revoked.token);
    const r1 = await api("GET", "/token/validate/", { token: revoked.token });
    expect(r1.status).toBe(401);
    expect(r1.body).toMatchObject({ error: "authentication_failed", message: "Token has been revoked." });

    const expired = await createAccount(t.db, { expiresAt: new Date(Date.now() - 1000) });
    const r2 = await api("GET", "/token/validate/", { token: expired.token });
    expect(r2.status).toBe(401);
    expect(r2.body).toMatchObject({ error: "authentication_failed", message: "Token has expired." });
  });

  it("stores only a hash of the token", async () => {
    const { token, tokenId } = await createAccount(t.db);
    const row = await t.db.apiToken.findUniqueOrThrow({ where: { id: tokenId } });
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("token validation", () => {
  it("reports access, capabilities and scope of a paid token and counts itself", async () => {
    const { token } = await createAccount(t.db, { plan: "paid" });
    const r = await api("GET", "/token/validate/", { token });
    expect(r.status).toBe(200);
    expect(r.body.data.access).toEqual({ plan: "paid", limit: 500, period: "daily", used: 1, remaining: 499 });
    expect(r.body.data.scope).toBe("full");
    expect(r.headers.get("x-ratelimit-limit")).toBe("500");
    expect(r.headers.get("x-ratelimit-remaining")).toBe("499");
    const reset = Number(r.headers.get("x-ratelimit-reset"));
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(reset).toBe(midnight.getTime() / 1000);
    const again = await api("GET", "/token/validate/", { token });
    expect(again.body.data.access.used).toBe(2);
  });

  it("reports free (lifetime) and unlimited plans", async () => {
    const free = await createAccount(t.db, { plan: "free" });
    const r = await api("GET", "/token/validate/", { token: free.token });
    expect(r.body.data.access).toEqual({ plan: "free", limit: 100, period: "lifetime", used: 1, remaining: 99 });
    expect(r.headers.get("x-ratelimit-reset")).toBeNull();

    const staff = await createAccount(t.db, { staff: true });
    const u = await api("GET", "/token/validate/", { token: staff.token });
    expect(u.body.data.access).toEqual({ plan: "unlimited", limit: null, period: null, used: null, remaining: null });
  });

  it("applies account, then group, then plan limits", async () => {
    const grouped = await createAccount(t.db, { plan: "paid", group: "partners-1000" });
    await t.db.group.updateMany({ where: { name: "partners-1000" }, data: { limitOverride: 1000 } });
    expect((await api("GET", "/token/validate/", { token: grouped.token })).body.data.access.limit).toBe(1000);
    const own = await createAccount(t.db, { plan: "paid", group: "partners-1000", limit: 42 });
    expect((await api("GET", "/token/validate/", { token: own.token })).body.data.access.limit).toBe(42);
  });

  const capability = (allowed: boolean, restricted: boolean) => ({
    path: expect.any(String),
    allowed,
    ...(restricted ? { access: "restricted", note: expect.any(String) } : {}),
  });

  it("lists every capability, restricted ones closed without the permission", async () => {
    const { token } = await createAccount(t.db);
    const caps = (await api("GET", "/token/validate/", { token })).body.data.capabilities;
    expect(caps).toEqual({
      cards: capability(true, false),
      card_reference_data: capability(true, false),
      participants: capability(true, false),
      network_a_profiles: capability(false, true),
      network_a_collections: capability(false, true),
      radar: capability(true, false),
      webhooks: capability(true, false),
      team: capability(true, false),
      token: capability(true, false),
    });
    expect(caps.network_a_profiles.path).toBe("/v1/network_a/profiles/");
  });

  it("opens restricted capabilities with the raw-data permission", async () => {
    const { token } = await createAccount(t.db, { grant: ["network_a_profiles"] });
    const caps = (await api("GET", "/token/validate/", { token })).body.data.capabilities;
    expect(caps.network_a_profiles).toEqual(capability(true, true));
    expect(caps.network_a_collections).toEqual(capability(true, true));
    expect(caps.cards.allowed).toBe(true);
  });

  it("allows only the collection capabilities to a collections_only account", async () => {
    const { token } = await createAccount(t.db, { scope: "collections_only" });
    const r = await api("GET", "/token/validate/", { token });
    expect(r.body.data.scope).toBe("collections_only");
    const caps = r.body.data.capabilities;
    expect(caps.network_a_profiles.allowed).toBe(true);
    expect(caps.network_a_collections.allowed).toBe(true);
    for (const name of ["cards", "card_reference_data", "participants", "radar", "webhooks"]) expect(caps[name].allowed).toBe(false);
  });
});

describe("quotas", () => {
  it("lets exactly the remaining requests through under concurrency", async () => {
    const { token } = await createAccount(t.db, { plan: "free", limit: 8 });
    for (let i = 0; i < 3; i++) expect((await api("GET", "/token/validate/", { token })).status).toBe(200);
    const results = await Promise.all(Array.from({ length: 20 }, () => api("GET", "/token/validate/", { token })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    const counter = await t.db.quotaCounter.findFirstOrThrow({
      where: { account: { tokens: { some: {} } }, period: "lifetime", count: 8 },
    });
    expect(counter.count).toBe(8);
  });

  it("answers the free plan's 429 body", async () => {
    const { token } = await createAccount(t.db, { plan: "free", limit: 1 });
    await api("GET", "/token/validate/", { token });
    const r = await api("GET", "/token/validate/", { token });
    expect(r.status).toBe(429);
    expect(r.body).toEqual({
      error: "throttled",
      message: expect.stringMatching(/lifetime limit of 1 requests.*[Uu]pgrade/),
      plan: "free",
    });
    expect(r.headers.get("retry-after")).toBeNull();
  });

  it("answers the paid plan's 429 body with the reset time", async () => {
    const { token } = await createAccount(t.db, { plan: "paid", limit: 1 });
    await api("GET", "/token/validate/", { token });
    const r = await api("GET", "/token/validate/", { token });
    expect(r.status).toBe(429);
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(r.body).toEqual({
      error: "throttled",
      message: expect.stringMatching(/daily limit of 1 requests.*00:00 UTC/),
      plan: "paid",
      reset_at: midnight.toISOString(),
    });
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(r.headers.get("x-ratelimit-remaining")).toBe("0");
  });

  it("does not count refused requests", async () => {
    const { token, account } = await createAccount(t.db, { plan: "free", limit: 2 });
    for (let i = 0; i < 5; i++) await api("GET", "/token/validate/", { token });
    const counter = await t.db.quotaCounter.findFirstOrThrow({ where: { accountId: account.id } });
    expect(counter.count).toBe(2);
  });
});

describe("requests per day", () => {
  const today = () => new Date().toISOString().slice(0, 10);
  const dayCount = async (accountId: number) =>
    (await t.db.requestDay.findMany({ where: { accountId } })).map((r) => ({ day: r.day.toISOString().slice(0, 10), count: r.count }));

  it("counts exactly the requests the quota lets through, under concurrency, on free and paid plans", async () => {
    for (const plan of ["free", "paid"] as const) {
      const { token, account } = await createAccount(t.db, { plan, limit: 8 });
      for (let i = 0; i < 3; i++) await api("GET", "/token/validate/", { token });
      const results = await Promise.all(Array.from({ length: 20 }, () => api("GET", "/token/validate/", { token })));
      expect(results.filter((r) => r.status === 200)).toHaveLength(5);
      expect(await dayCount(account.id)).toEqual([{ day: today(), count: 8 }]);
    }
  });

  it("counts every concurrent request of an account without a limit", async () => {
    const { token, account } = await createAccount(t.db, { plan: "paid", limit: 1000 });
    await Promise.all(Array.from({ length: 25 }, () => api("GET", "/token/validate/", { token })));
    expect(await dayCount(account.id)).toEqual([{ day: today(), count: 25 }]);
  });

  it("counts unlimited accounts too (in memory, written by the next flush: tests/api/request-days.test.ts)", async () => {
    const { token, account } = await createAccount(t.db, { staff: true });
    await Promise.all(Array.from({ length: 10 }, () => api("GET", "/token/validate/", { token })));
    await flushRequestDays();
    expect(await dayCount(account.id)).toEqual([{ day: today(), count: 10 }]);
  });

  it("returns the last 30 days oldest first, zero-filled, for the account only", async () => {
    const a = await createAccount(t.db, { plan: "paid" });
    const b = await createAccount(t.db, { plan: "paid" });
    const now = new Date();
    const daysAgo = (n: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - n));
    await t.db.requestDay.createMany({
      data: [
        { accountId: a.account.id, day: daysAgo(3), count: 7 },
        { accountId: a.account.id, day: daysAgo(30), count: 99 },
        { accountId: b.account.id, day: daysAgo(2), count: 5 },
      ],
    });
    await api("GET", "/token/validate/", { token: a.token });
    const days = await requestsPerDay(t.db, a.account.id, 30, now);
    expect(days).toHaveLength(30);
    expect(days[0]!.day).toBe(daysAgo(29).toISOString().slice(0, 10));
    expect(days[29]).toEqual({ day: today(), requests: 1 });
    expect(days[26]).toEqual({ day: daysAgo(3).toISOString().slice(0, 10), requests: 7 });
    expect(days.reduce((n, d) => n + d.requests, 0)).toBe(8);
  });
});

describe("REST edge", () => {
  it("answers unknown /v1 paths with a 404 not_found body", async () => {
    const { token } = await createAccount(t.db);
    for (const path of ["/nope/", "/cards/x/y/z/w/", "/token/validate/extra/"]) {
      const r = await api("GET", path, { token });
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ error: "not_found", message: expect.any(String) });
    }
  });

  it("serves both trailing-slash forms", async () => {
    const { token } = await createAccount(t.db);
    expect((await api("GET", "/token/validate", { token })).status).toBe(200);
    expect((await api("GET", "/token/validate/", { token })).status).toBe(200);
  });

  it("rejects malformed JSON bodies with validation_error", async () => {
    const { token } = await createAccount(t.db);
    const r = await api("POST", "/token/validate/", { token, rawBody: "{not json", headers: { "content-type": "application/json" } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: "validation_error", message: expect.stringContaining("JSON") });
  });

  it("rejects unknown query parameters on strict endpoints with validation_error", async () => {
    const { token } = await createAccount(t.db);
    const r = await api("GET", "/token/validate/?bogus=1", { token });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      error: "validation_error",
      message: "Invalid value for bogus: unknown parameter.",
      details: { bogus: ["unknown parameter"] },
    });
  });

  it.each(["constructor", "toString", "hasOwnProperty"])("treats a parameter named %s as any unknown parameter", async (name) => {
    const { token } = await createAccount(t.db);
    const r = await api("GET", `/token/validate/?${name}=1`, { token });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "validation_error", details: { [name]: ["unknown parameter"] } });
  });

  it("ignores a __proto__ parameter (it cannot reach the parameters) rather than failing", async () => {
    const { token } = await createAccount(t.db);
    const r = await api("GET", "/token/validate/?__proto__=1", { token });
    expect(r.status).toBe(200);
  });
});

describe("NUL characters", () => {
  it("are refused in query strings, paths and bodies with validation_error", async () => {
    const { token } = await createAccount(t.db);
    for (const path of ["/token/validate/?x=%00", "/token/validate%00/", "/token/validate/?a%00=1"]) {
      const r = await api("GET", path, { token });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "validation_error", message: expect.stringContaining("NUL") });
    }
    const body = await api("POST", "/token/validate/", {
      token,
      rawBody: '{"a":"x\\u0000y"}',
      headers: { "content-type": "application/json" },
    });
    expect(body.status).toBe(400);
    expect(body.body.message).toContain("NUL");
  });
});
