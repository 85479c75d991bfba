import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { createCollection, ids, insertProfiles, rawDataAccount, updateProfile } from "./fixtures";

/**
 * Collections (docs/api.md, spec Collection reading): listing per account, reading with
 * ?collection=, the 400 cases, and membership that follows the data.
 */

let t: TTestDb;
let a: string;
let b: string;

const read = (token: string, query: string) => api("GET", `/network_a/profiles/?${query}`, { token });
const slugs = (body: { data: { slug: string }[] }) => body.data.map((c) => c.slug);

beforeAll(async () => {
  t = await openTestDb();
  await insertProfiles(t.db, [
    {
      id: 1,
      name: "Anna",
      location: "Paris, France",
      classification: "strong_potential_founder",
      path: "declared_founder",
      status: "stealth",
      tags: ["yc"],
      newCompany: { name: "Anna Co" },
      outOfStealthDate: new Date("2024-05-01T00:00:00Z"),
    },
    {
      id: 2,
      name: "Ben",
      location: "Berlin, GERMANY ",
      classification: "potential_founder",
      path: "imminent_founder",
      tags: ["techstars"],
    },
    {
      id: 3,
      name: "Cleo",
      location: "Austin, TX, United States",
      classification: "strong_potential_founder",
      path: "declared_founder",
      tags: ["yc"],
    },
    { id: 4, name: "Dan", location: "Madrid, Spain", classification: "noise" },
    { id: 5, name: "Eli", location: "Lisbon, Portugal", classification: "strong_potential_founder", summary: "Quantum computing founder" },
    { id: 6, name: "Fay", classification: "strong_potential_founder" },
  ]);
  const europe = ["france", "germany", "spain", "portugal", "united kingdom"];
  await createCollection(t.db, {
    slug: "european_founders",
    name: "European founders",
    description: "Founders and C-level operators located in Europe",
    criteria: { countries: europe, classification: ["strong_potential_founder", "potential_founder"] },
  });
  await createCollection(t.db, { slug: "yc_alumni", criteria: { tags: ["yc"] } });
  await createCollection(t.db, { slug: "quantum", visibility: "private", criteria: { search: "quantum" } });
  await createCollection(t.db, { slug: "secret_b", visibility: "private", criteria: { path: ["imminent_founder"] } });
  await createCollection(t.db, { slug: "retired", active: false, criteria: {} });
  await createCollection(t.db, { slug: "broken", criteria: { classification: "not-a-list" } });
  a = (await rawDataAccount(t.db, { collections: ["quantum"] })).token;
  b = (await rawDataAccount(t.db, { collections: ["secret_b"] })).token;
});
afterAll(async () => {
  await t?.close();
});

describe("GET /v1/network_a/collections/", () => {
  it("lists active shared collections and the private ones assigned to the account", async () => {
    const ra = await api("GET", "/network_a/collections/", { token: a });
    expect(ra.status).toBe(200);
    expect(slugs(ra.body)).toEqual(["broken", "european_founders", "quantum", "yc_alumni"]);
    expect(ra.body.data[1]).toEqual({
      slug: "european_founders",
      name: "European founders",
      description: "Founders and C-level operators located in Europe",
    });
    expect(ra.body.pagination).toEqual({ limit: 50, offset: 0, total: 4, has_next: false });
    const rb = await api("GET", "/network_a/collections/", { token: b });
    expect(slugs(rb.body)).toEqual(["broken", "european_founders", "secret_b", "yc_alumni"]);
  });

  it("pages leniently like the profile list", async () => {
    const r = await api("GET", "/network_a/collections/?limit=2&offset=1&include_total=false&x=1", { token: a });
    expect(r.status).toBe(200);
    expect(slugs(r.body)).toEqual(["european_founders", "quantum"]);
    expect(r.body.pagination).toEqual({ limit: 2, offset: 1, total: null, has_next: true });
    const bad = await api("GET", "/network_a/collections/?limit=zero&offset=-4", { token: a });
    expect(bad.body.pagination).toEqual({ limit: 50, offset: 0, total: 4, has_next: false });
  });
});

describe("reading a collection", () => {
  it("lists the members, without status, out_of_stealth_date and new_company", async () => {
    const r = await read(a, "collection=european_founders");
    expect(r.status).toBe(200);
    expect(ids(r.body)).toEqual([5, 2, 1]);
    for (const p of r.body.data) {
      expect(p).not.toHaveProperty("status");
      expect(p).not.toHaveProperty("out_of_stealth_date");
      expect(p).not.toHaveProperty("new_company");
      expect(p).toHaveProperty("tags");
    }
    expect(r.body.meta.filters).toEqual({ collection: ["european_founders"] });
  });

  it("keeps all fields in the plain list", async () => {
    const r = await read(a, "classification=strong_potential_founder&tags=yc");
    expect(ids(r.body)).toEqual([3, 1]);
    expect(r.body.data[1]).toMatchObject({ status: "stealth", new_company: { name: "Anna Co" } });
  });

  it("ORs across collections", async () => {
    expect(ids((await read(a, "collection=european_founders,yc_alumni")).body)).toEqual([5, 3, 2, 1]);
    expect(ids((await read(a, "collection=yc_alumni&collection=quantum")).body)).toEqual([5, 3, 1]);
  });

  it.each([
    ["collection=european_founders&classification=potential_founder", [2]],
    ["collection=european_founders&search=quantum", [5]],
    ["collection=european_founders&tags=yc", [1]],
    ["collection=european_founders&path=declared_founder", [1]],
    ["collection=european_founders&created_at=2024-01-04", [5]],
    ["collection=european_founders&sort=name:asc", [1, 2, 5]],
    ["collection=european_founders,yc_alumni&classification=strong_potential_founder&limit=2", [5, 3]],
  ])("combines other filters: %s", async (query, expected) => {
    expect(ids((await read(a, query)).body)).toEqual(expected);
  });

  it("ignores status when a collection is given", async () => {
    const r = await read(a, "collection=european_founders&status=nobody-has-this");
    expect(ids(r.body)).toEqual([5, 2, 1]);
    expect(r.body.meta.ignored).toEqual(["status"]);
  });

  it("reads a private collection only from the account it is assigned to", async () => {
    expect(ids((await read(a, "collection=quantum")).body)).toEqual([5]);
    expect(ids((await read(b, "collection=secret_b")).body)).toEqual([2]);
    const aOnB = await read(a, "collection=secret_b");
    const bOnA = await read(b, "collection=quantum");
    for (const r of [aOnB, bOnA]) {
      expect(r.status).toBe(400);
      expect(r.body.error).toBe("validation_error");
    }
  });

  it.each(["nope", "retired", "european_founders,nope", "EUROPEAN_FOUNDERS", "secret_b"])(
    "answers 400 validation_error for collection=%s",
    async (slug) => {
      const r = await read(a, `collection=${slug}`);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "validation_error", message: expect.stringContaining("collection") });
    },
  );

  it("words the 400 the same way for unknown, inactive and unassigned private slugs", async () => {
    const messages = await Promise.all(
      ["nope", "retired", "secret_b"].map(async (s) => (await read(a, `collection=${s}`)).body.message.replace(s, "X")),
    );
    expect(new Set(messages).size).toBe(1);
  });

  it("gives no members (not an error) for a collection with malformed criteria", async () => {
    const r = await read(a, "collection=broken");
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([]);
    expect(r.body.pagination.total).toBe(0);
  });
});

describe("membership follows the data", () => {
  it("lets profiles join and leave as they start and stop matching; created_at never changes", async () => {
    const before = await read(a, "collection=european_founders");
    const createdOf = (body: { data: { id: number; created_at: string }[] }, id: number) => body.data.find((p) => p.id === id)?.created_at;
    await updateProfile(t.db, 4, { classification: "potential_founder" });
    await updateProfile(t.db, 1, { location: "New York, United States" });
    const after = await read(a, "collection=european_founders");
    expect(ids(after.body)).toEqual([5, 4, 2]);
    expect(createdOf(after.body, 4)).toBe("2024-01-05T00:00:00.000000Z");
    expect(createdOf(after.body, 2)).toBe(createdOf(before.body, 2));
    await updateProfile(t.db, 1, { location: "Paris, France" });
    await updateProfile(t.db, 4, { classification: "noise" });
    expect(ids((await read(a, "collection=european_founders")).body)).toEqual([5, 2, 1]);
  });

  it("follows changed criteria and deactivation", async () => {
    await t.db.collection.update({ where: { slug: "yc_alumni" }, data: { criteria: { tags: ["yc", "techstars"] } } });
    expect(ids((await read(a, "collection=yc_alumni")).body)).toEqual([3, 2, 1]);
    await t.db.collection.update({ where: { slug: "yc_alumni" }, data: { active: false } });
    expect((await read(a, "collection=yc_alumni")).status).toBe(400);
    expect(slugs((await api("GET", "/network_a/collections/", { token: a })).body)).not.toContain("yc_alumni");
    await t.db.collection.update({ where: { slug: "yc_alumni" }, data: { active: true, criteria: { tags: ["yc"] } } });
  });

  it("matches countries case-insensitively on the last part of the location", async () => {
    // Ben's location is "Berlin, GERMANY " (upper case, trailing space).
    expect(ids((await read(a, "collection=european_founders&classification=potential_founder")).body)).toEqual([2]);
  });
});
