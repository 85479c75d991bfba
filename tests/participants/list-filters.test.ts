import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserCaller } from "../helpers/trpc";
import { ALL, seedParticipants, slugs } from "./fixture";

let t: TTestDb;
let tokenA: string;
let tokenB: string;
beforeAll(async () => {
  t = await openTestDb();
  await seedParticipants(t.db);
  const a = await createAccount(t.db, { staff: true });
  const b = await createAccount(t.db, { staff: true });
  tokenA = a.token;
  tokenB = b.token;
  const asA = await browserCaller(t.db, a.account.id);
  await asA.participants.savedParticipants.save({ slug: "acme" });
  await asA.participants.savedParticipants.save({ slug: "fiona" });
  const asB = await browserCaller(t.db, b.account.id);
  await asB.participants.savedParticipants.save({ slug: "beacon" });
});
afterAll(async () => t?.close());

const list = (query: string, token = tokenA) => api("GET", `/participants/${query ? `?${query}` : ""}`, { token });

async function expectSlugs(query: string, expected: string[], token = tokenA) {
  const r = await list(query, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(slugs(r.body)).toEqual(expected);
  expect(r.body.pagination.total).toBe(expected.length);
}

describe("participants list: each filter alone", () => {
  it("lists every participant by name without filters", () => expectSlugs("", ALL));

  it.each([
    ["type=fund", ["acme", "beacon", "cedar", "iris"]],
    ["type=angel", ["elliot", "fiona"]],
    ["type=investor", ["dana", "hugo"]],
    ["type=founder", []],
    ["type=FUND", []],
    ["type=no-such-type", []],
    ["web3=true", ["acme", "cedar", "elliot", "hugo"]],
    ["web3=false", ["beacon", "dana", "fiona", "gamma", "iris"]],
    ["web2=1", ["beacon", "cedar", "dana", "gamma", "iris"]],
    ["web2=NO", ["acme", "elliot", "fiona", "hugo"]],
    ["saved_only=true", ["acme", "fiona"]],
    ["saved_only=false", ALL],
  ])("%s", (query, expected) => expectSlugs(query, expected));
});

describe("participants list: search over name and about", () => {
  it.each([
    ["search=ventures", ["acme", "hugo"]],
    ["search=VENTURES", ["acme", "hugo"]],
    // prefix of a word of `about` ("protocols", "Protocol")
    ["search=protoc", ["acme", "hugo"]],
    // part of a word inside the name
    ["search=quoia", ["iris"]],
    // prefix in the name (Sequoia) and in about (Sequoyah)
    ["search=seq", ["fiona", "iris"]],
    // every word must match (as a prefix), in name or about
    ["search=acme%20partner", ["dana"]],
    ["search=partner", ["cedar", "dana"]],
    ["search=%20%20climate%20%20", ["cedar"]],
    ["search=nothing-like-this", []],
    ["search=100%25", []],
    ["search=_", []],
    ["search=%25", []],
    ["search=%27%3B%20DROP%20TABLE%20participant%3B%20--", []],
    ["search=", ALL],
  ])("%s", (query, expected) => expectSlugs(query, expected));

  it("keeps the table after a SQL-looking search", async () => {
    await list("search=x'); DELETE FROM participant; --");
    expect(await t.db.participant.count()).toBe(ALL.length);
  });

  it("counts every match when the page is full, and past the last page", async () => {
    for (const [query, page, total, hasNext] of [
      ["search=ventures&limit=1", ["acme"], 2, true],
      ["search=ventures&limit=1&offset=1", ["hugo"], 2, false],
      ["search=ventures&limit=1&offset=5", [], 2, false],
      ["search=partner&type=fund&limit=1", ["cedar"], 1, false],
      ["search=investor&limit=2&sort=most_active", ["hugo", "cedar"], 3, true],
    ] as const) {
      const r = await list(query);
      expect(slugs(r.body), query).toEqual(page);
      expect(r.body.pagination, query).toMatchObject({ total, has_next: hasNext });
    }
  });

  it("refuses a search longer than 500 characters", async () => {
    const r = await list(`search=${"a".repeat(501)}`);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "validation_error", details: { search: expect.any(Array) } });
  });
});

describe("participants list: filters combined", () => {
  it.each([
    ["type=fund&web3=true", ["acme", "cedar"]],
    ["type=fund&web2=true&web3=false", ["beacon", "iris"]],
    ["type=fund&search=capital", ["beacon"]],
    ["web3=true&search=ventures", ["acme", "hugo"]],
    ["web3=true&web2=true", ["cedar"]],
    ["saved_only=1&type=angel", ["fiona"]],
    ["saved_only=1&web3=yes", ["acme"]],
    ["saved_only=1&search=grant", ["fiona"]],
    ["saved_only=1&type=fund&web2=true", []],
    ["type=investor&search=acme", ["dana"]],
    ["type=nope&web3=true", []],
    ["type=fund&sort=most_active&limit=2", ["acme", "beacon"]],
  ])("%s", async (query, expected) => {
    const r = await list(query);
    expect(r.status).toBe(200);
    expect(slugs(r.body)).toEqual(expected);
  });
});

describe("saved participants and user data are per account", () => {
  it("saved_only lists only the caller's saved participants", async () => {
    await expectSlugs("saved_only=true", ["acme", "fiona"], tokenA);
    await expectSlugs("saved_only=true", ["beacon"], tokenB);
  });

  it("include_user_data adds is_saved for the caller only", async () => {
    const a = await list("include_user_data=true", tokenA);
    expect(Object.fromEntries(a.body.data.map((p: any) => [p.slug, p.is_saved]))).toEqual({
      acme: true,
      beacon: false,
      cedar: false,
      dana: false,
      elliot: false,
      fiona: true,
      gamma: false,
      hugo: false,
      iris: false,
    });
    expect(a.body.meta.include_user_data).toBe(true);
    const b = await list("include_user_data=1", tokenB);
    expect(b.body.data.filter((p: any) => p.is_saved).map((p: any) => p.slug)).toEqual(["beacon"]);
  });

  it("leaves is_saved out without include_user_data (or with false)", async () => {
    for (const q of ["", "include_user_data=false", "include_user_data=0"]) {
      const r = await list(q);
      expect(r.body.data.every((p: any) => !("is_saved" in p))).toBe(true);
      expect(r.body.meta.include_user_data).toBe(false);
    }
  });
});

describe("semantic parameters", () => {
  it("answers 503 semantic_unavailable to a valid semantic request", async () => {
    for (const v of ["1", "true", "YES", "True"]) {
      const r = await list(`semantic=${v}&search=climate&min_similarity=0.5`);
      expect(r.status).toBe(503);
      expect(r.body).toEqual({ error: "semantic_unavailable", message: expect.any(String) });
    }
  });

  it("requires search with semantic", async () => {
    const r = await list("semantic=true");
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "validation_error", details: { semantic: ["requires search"] } });
    expect((await list("semantic=yes&search=%20%20")).status).toBe(400);
  });

  it.each([
    "semantic=maybe&search=x",
    "semantic=2&search=x",
    "min_similarity=1.5",
    "min_similarity=-0.1",
    "min_similarity=abc",
    "min_similarity=NaN",
  ])("refuses %s", async (query) => {
    const r = await list(query);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("validation_error");
    expect(Object.keys(r.body.details)).toEqual([query.split("=")[0]]);
  });

  it("treats false values as a plain search and ignores min_similarity without semantic", async () => {
    await expectSlugs("semantic=false&search=climate", ["cedar"]);
    await expectSlugs("semantic=0&search=climate&min_similarity=0.9", ["cedar"]);
    await expectSlugs("semantic=no", ALL);
    await expectSlugs("min_similarity=0&type=angel", ["elliot", "fiona"]);
    await expectSlugs("min_similarity=1&type=angel", ["elliot", "fiona"]);
  });
});

describe("access", () => {
  it("needs a token and a full-scope account", async () => {
    const anonymous = await api("GET", "/participants/");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe("not_authenticated");
    const limited = await createAccount(t.db, { scope: "collections_only" });
    for (const path of ["/participants/", "/participants/acme/", "/participants/batch/?slugs=acme", "/participants/types/"]) {
      const r = await api("GET", path, { token: limited.token });
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ error: "permission_denied", message: expect.any(String) });
    }
  });

  it("refuses unknown parameters, naming them", async () => {
    const r = await list("colour=red");
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("validation_error");
    expect(r.body.message).toContain("colour");
  });
});
