import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicCatalog } from "~/server/api/catalog";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { collectionsOnlyAccount, createCollection, ids, insertProfiles, rawDataAccount } from "./fixtures";

/**
 * Authentication rules 3 and 4 and the four rules of accounts limited to collections (spec,
 * Collection reading): the raw-data permission, and what a collections-only account may do.
 */

let t: TTestDb;

beforeAll(async () => {
  t = await openTestDb();
  await insertProfiles(t.db, [
    {
      id: 1,
      name: "Anna",
      location: "Paris, France",
      status: "stealth",
      newCompany: { name: "Anna Co" },
      outOfStealthDate: new Date("2024-05-01T00:00:00Z"),
    },
    { id: 2, name: "Ben", location: "Madrid, Spain", tags: ["quantum"] },
    { id: 3, name: "Cleo", location: "Austin, United States" },
    { id: 4, name: "Dan", location: "Oslo, Norway", path: "imminent_founder" },
  ]);
  await createCollection(t.db, { slug: "france", criteria: { countries: ["france"] } });
  await createCollection(t.db, { slug: "quantum", visibility: "private", criteria: { tags: ["quantum"] } });
  await createCollection(t.db, { slug: "imminent", visibility: "private", criteria: { path: ["imminent_founder"] } });
  await createCollection(t.db, { slug: "old_us", active: false, criteria: { countries: ["united states"] } });
});
afterAll(async () => {
  await t?.close();
});

describe("the raw-data permission", () => {
  it("refuses full-scope accounts without it with 403 permission_denied on every raw-data endpoint", async () => {
    const { token } = await createAccount(t.db);
    for (const path of [
      "/network_a/profiles/",
      "/network_a/profiles/1/",
      "/network_a/profiles/abc/",
      "/network_a/collections/",
      "/network_a/profiles/?collection=france",
      "/network_a/profiles/?limit=bad",
    ]) {
      const r = await api("GET", path, { token });
      expect(r.status, path).toBe(403);
      expect(r.body).toEqual({ error: "permission_denied", message: expect.any(String) });
    }
    const v = await api("GET", "/token/validate/", { token });
    expect(v.body.data.capabilities.network_a_profiles).toMatchObject({ allowed: false, access: "restricted" });
  });

  it("lets accounts with the permission read everything", async () => {
    const { token } = await rawDataAccount(t.db);
    expect(ids((await api("GET", "/network_a/profiles/", { token })).body)).toEqual([4, 3, 2, 1]);
    const detail = await api("GET", "/network_a/profiles/1/", { token });
    expect(detail.body.data).toMatchObject({
      status: "stealth",
      out_of_stealth_date: "2024-05-01T00:00:00.000000Z",
      new_company: { name: "Anna Co" },
    });
    const v = await api("GET", "/token/validate/", { token });
    expect(v.body.data.capabilities.network_a_profiles.allowed).toBe(true);
  });

  it("answers 401 before anything else without a token", async () => {
    for (const path of ["/network_a/profiles/", "/network_a/profiles/1/", "/network_a/collections/"]) {
      expect((await api("GET", path)).body.error).toBe("not_authenticated");
    }
  });
});

describe("accounts limited to collections", () => {
  let token: string;
  beforeAll(async () => {
    token = (await collectionsOnlyAccount(t.db, ["quantum"])).token;
  });

  it("rule 1: lists shared plus assigned private collections", async () => {
    const r = await api("GET", "/network_a/collections/", { token });
    expect(r.status).toBe(200);
    expect(r.body.data.map((c: { slug: string }) => c.slug)).toEqual(["france", "quantum"]);
  });

  it("rule 2: the profile list without collection is 400 validation_error", async () => {
    for (const q of ["", "?classification=noise", "?collection=", "?collection=,,"]) {
      const r = await api("GET", `/network_a/profiles/${q}`, { token });
      expect(r.status, q).toBe(400);
      expect(r.body).toMatchObject({ error: "validation_error", message: expect.stringContaining("collection") });
    }
  });

  it("reads its collections, without status, out_of_stealth_date and new_company", async () => {
    const r = await api("GET", "/network_a/profiles/?collection=france,quantum", { token });
    expect(r.status).toBe(200);
    expect(ids(r.body)).toEqual([2, 1]);
    for (const p of r.body.data) expect(Object.keys(p)).not.toEqual(expect.arrayContaining(["status"]));
    expect(r.body.data[1]).not.toHaveProperty("new_company");
    for (const slug of ["imminent", "old_us", "nope"]) {
      expect((await api("GET", `/network_a/profiles/?collection=${slug}`, { token })).status, slug).toBe(400);
    }
  });

  it("rule 3: a profile outside its collections is 404; inside, it omits the three fields", async () => {
    const inside = await api("GET", "/network_a/profiles/1/", { token });
    expect(inside.status).toBe(200);
    expect(inside.body.data).toMatchObject({ id: 1, name: "Anna" });
    for (const k of ["status", "out_of_stealth_date", "new_company"]) expect(inside.body.data).not.toHaveProperty(k);
    expect((await api("GET", "/network_a/profiles/2/", { token })).status).toBe(200);
    for (const id of ["3", "4", "999", "x"]) {
      const r = await api("GET", `/network_a/profiles/${id}/`, { token });
      expect(r.status, id).toBe(404);
      expect(r.body.error).toBe("not_found");
    }
    // Profile 4 is in the private "imminent" collection: visible to the account it is assigned to.
    const other = (await collectionsOnlyAccount(t.db, ["imminent"])).token;
    expect((await api("GET", "/network_a/profiles/4/", { token: other })).status).toBe(200);
    expect((await api("GET", "/network_a/profiles/2/", { token: other })).status).toBe(404);
  });

  it("rule 3: a profile that leaves the collections becomes 404 at once", async () => {
    await t.db.profile.update({ where: { id: 2 }, data: { tags: [] } });
    expect((await api("GET", "/network_a/profiles/2/", { token })).status).toBe(404);
    await t.db.profile.update({ where: { id: 2 }, data: { tags: ["quantum"] } });
    expect((await api("GET", "/network_a/profiles/2/", { token })).status).toBe(200);
  });

  it("rule 4: every other endpoint is 403 permission_denied", async () => {
    const fill = (p: string) => p.replace("/v1", "").replace("{source}", "network_a").replace("{slug}", "some-slug").replace("{id}", "1");
    const others = publicCatalog("http://localhost").endpoints.filter(
      (e) => !["network_a_profiles", "network_a_collections", "token"].includes(e.capability),
    );
    const refused: string[] = [];
    for (const e of others) {
      const r = await api(e.method, fill(e.path), { token, body: e.method === "GET" || e.method === "DELETE" ? undefined : {} });
      if (r.status === 404 && r.body.message === "No such endpoint.") continue; // not mounted (yet)
      expect(r.status, `${e.method} ${e.path}`).toBe(403);
      expect(r.body.error).toBe("permission_denied");
      refused.push(`${e.method} ${e.path}`);
    }
    // Cards, participants and radar are mounted: at least these must have been checked.
    expect(refused).toEqual(
      expect.arrayContaining([
        "GET /v1/cards/",
        "POST /v1/cards/",
        "GET /v1/cards/stages/",
        "GET /v1/participants/",
        "GET /v1/participants/{slug}/",
        "GET /v1/radar/quota/",
      ]),
    );
    const v = await api("GET", "/token/validate/", { token });
    expect(v.body.data.scope).toBe("collections_only");
    expect(v.body.data.capabilities.network_a_collections.allowed).toBe(true);
  });
});
