import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { day, ids, insertProfiles, rawDataAccount } from "./fixtures";

/** GET /v1/network_a/profiles/: each filter alone and combined, sorting, paging and leniency. */

let t: TTestDb;
let token: string;

const list = (query: string) => api("GET", `/network_a/profiles/?${query}`, { token });
const idsOf = async (query: string) => {
  const r = await list(query);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return ids(r.body);
};

beforeAll(async () => {
  t = await openTestDb();
  token = (await rawDataAccount(t.db)).token;
  await insertProfiles(t.db, [
    {
      id: 1,
      name: "Alice Able",
      headline: "CTO at Acme",
      summary: "fintech payments",
      location: "Paris, France",
      classification: "strong_potential_founder",
      path: "declared_founder",
      status: "Stealth",
      tags: ["acme", "yc"],
      updatedAt: day(30),
    },
    {
      id: 2,
      name: "Bob Baker",
      headline: "Founder",
      summary: "climate",
      location: "Berlin, Germany",
      classification: "potential_founder",
      path: "imminent_founder",
      status: "active",
      tags: ["stanford"],
      updatedAt: day(20),
    },
    {
      id: 3,
      name: "Carol Chen",
      headline: "Engineer at Stripe",
      location: "San Francisco, CA, United States",
      classification: "noise",
      status: "got_a_job",
      tags: ["stripe"],
      updatedAt: day(30),
    },
    {
      id: 4,
      name: "dave Dunn",
      summary: "Fintech founder",
      location: "London, United Kingdom",
      classification: "strong_potential_founder",
      path: "imminent_founder",
      status: "stealth",
      tags: ["yc", "stripe"],
      updatedAt: day(10),
    },
    { id: 5, name: "Eve Evans", headline: "Researcher", summary: "AI safety", updatedAt: day(40) },
    { id: 6, name: "Frank 100%_Fun", headline: "100% fintech", tags: ["YC"], updatedAt: day(30) },
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe("filters, each alone", () => {
  it("lists everything newest first by default", async () => {
    const r = await list("");
    expect(ids(r.body)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(r.body.pagination).toEqual({ limit: 50, offset: 0, total: 6, has_next: false });
    expect(r.body.meta).toEqual({ sort: "created_at:desc", filters: {}, ignored: [] });
  });

  it.each([
    ["classification=strong_potential_founder", [4, 1]],
    ["classification=strong_potential_founder,noise", [4, 3, 1]],
    ["classification=STRONG_POTENTIAL_FOUNDER", [4, 1]],
    ["classification=bogus,noise", [3]],
    ["path=imminent_founder", [4, 2]],
    ["path=declared_founder,imminent_founder", [4, 2, 1]],
    ["status=stealth", [4, 1]],
    ["status=STEALTH", [4, 1]],
    ["status=stea", []],
    ["tags=yc", [4, 1]],
    ["tags=yc,stanford", [4, 2, 1]],
    ["tags=YC", [6]],
    ["tags=st", []],
    ["tags=yc&tags=stanford", [4, 2, 1]],
    ["search=fintech", [6, 4, 1]],
    ["search=FINTECH%20founder", [4]],
    ["search=stripe", [3]],
    ["search=ali", [1]],
    ["search=100%25", [6]],
    ["search=_", [6]],
    ["search=%5C", []],
    ["created_at=2024-01-05", [6, 5, 4]],
    ["created_at=2024-01-05T00:00:00Z", [6, 5, 4]],
    ["created_at=2024-01-05T00:00:00.000001Z", [6, 5]],
    ["created_at=2024-01-05T01:00:00%2B02:00", [6, 5, 4]],
    ["created_at=2024-01-05T01:00:00+02:00", [6, 5, 4]],
    ["created_at=2024-01-05T00:30:00-00:30", [6, 5]],
  ])("%s", async (query, expected) => {
    expect(await idsOf(query)).toEqual(expected);
  });

  it("reports the filters it applied", async () => {
    const r = await list("classification=noise,bogus&tags=a,b&search=%20x%20%20y%20&created_at=2024-01-05&status=Active");
    expect(r.body.meta.filters).toEqual({
      classification: ["noise"],
      tags: ["a", "b"],
      search: "x y",
      created_at: "2024-01-05T00:00:00.000000Z",
      status: "active",
    });
  });
});

describe("filters combined", () => {
  it.each([
    ["classification=strong_potential_founder&tags=yc&search=fintech&created_at=2024-01-03", [4]],
    ["classification=strong_potential_founder&path=declared_founder", [1]],
    ["status=stealth&tags=stripe", [4]],
    ["search=fintech&tags=YC", [6]],
    ["path=imminent_founder&created_at=2024-01-06", []],
    ["classification=bogus&path=imminent_founder", [4, 2]],
  ])("%s", async (query, expected) => {
    expect(await idsOf(query)).toEqual(expected);
  });
});

describe("invalid values are ignored, never a 400", () => {
  it.each([
    ["classification=bogus", "classification"],
    ["path=founder", "path"],
    ["created_at=yesterday", "created_at"],
    ["created_at=2024-02-30", "created_at"],
    ["created_at=2024-01-05T25:00:00Z", "created_at"],
    ["include_total=maybe", "include_total"],
    ["limit=abc", "limit"],
    ["limit=0", "limit"],
    ["limit=-3", "limit"],
    ["offset=-1", "offset"],
    ["offset=1.5", "offset"],
    ["unknown_param=1", "unknown_param"],
  ])("%s", async (query, param) => {
    const r = await list(query);
    expect(r.status).toBe(200);
    expect(ids(r.body)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(r.body.meta.ignored).toEqual([param]);
    expect(r.body.pagination).toEqual({ limit: 50, offset: 0, total: 6, has_next: false });
  });

  it("clamps limit to 200", async () => {
    const r = await list("limit=1000");
    expect(r.body.pagination.limit).toBe(200);
    expect(r.body.meta.ignored).toEqual([]);
  });
});

describe("sorting", () => {
  it.each([
    ["sort=name:asc", [1, 2, 3, 4, 5, 6]],
    ["sort=NAME:DESC", [6, 5, 4, 3, 2, 1]],
    ["sort=name", [1, 2, 3, 4, 5, 6]],
    ["sort=created_at:asc", [1, 2, 3, 4, 5, 6]],
    ["sort=updated_at:desc", [5, 6, 3, 1, 2, 4]],
    ["sort=updated_at:asc", [4, 2, 1, 3, 6, 5]],
    ["sort=updated_at:desc,name:asc", [5, 1, 3, 6, 2, 4]],
    ["sort=updated_at:asc,created_at:desc", [4, 2, 6, 3, 1, 5]],
    ["sort=name:asc&sort=created_at:desc", [1, 2, 3, 4, 5, 6]],
  ])("%s", async (query, expected) => {
    const r = await list(query);
    expect(ids(r.body)).toEqual(expected);
    expect(r.body.meta.ignored).toEqual([]);
  });

  it.each(["sort=bogus", "sort=name:sideways", "sort=name:asc,name:desc", "sort=id:asc", "sort=name:asc:x", "sort=,"])(
    "falls back to created_at:desc for %s",
    async (query) => {
      const r = await list(query);
      expect(r.status).toBe(200);
      expect(ids(r.body)).toEqual([6, 5, 4, 3, 2, 1]);
      expect(r.body.meta).toMatchObject({ sort: "created_at:desc", ignored: ["sort"] });
    },
  );

  it("reports the effective sort, normalised", async () => {
    const r = await list("sort=%20Updated_At%20:%20DESC%20,name");
    expect(r.body.meta.sort).toBe("updated_at:desc,name:asc");
  });
});

describe("paging", () => {
  it("pages with limit and offset, total and has_next", async () => {
    const a = await list("limit=4");
    expect(ids(a.body)).toEqual([6, 5, 4, 3]);
    expect(a.body.pagination).toEqual({ limit: 4, offset: 0, total: 6, has_next: true });
    const b = await list("limit=4&offset=4");
    expect(ids(b.body)).toEqual([2, 1]);
    expect(b.body.pagination).toEqual({ limit: 4, offset: 4, total: 6, has_next: false });
    const past = await list("limit=4&offset=99");
    expect(past.body.data).toEqual([]);
    expect(past.body.pagination).toEqual({ limit: 4, offset: 99, total: 6, has_next: false });
  });

  it("skips the count with include_total=false", async () => {
    const r = await list("limit=5&include_total=false");
    expect(r.body.pagination).toEqual({ limit: 5, offset: 0, total: null, has_next: true });
    const last = await list("limit=5&offset=5&include_total=no");
    expect(last.body.pagination).toEqual({ limit: 5, offset: 5, total: null, has_next: false });
  });

  it("breaks ties by id so that a page-by-page read never skips or repeats", async () => {
    const same = day(100);
    await insertProfiles(
      t.db,
      Array.from({ length: 7 }, (_, i) => ({ id: 100 + i, name: "Twin", createdAt: same, updatedAt: same })),
    );
    try {
      for (const sort of ["created_at:desc", "name:asc", "updated_at:asc", "name:desc,updated_at:asc"]) {
        const seen: number[] = [];
        for (let offset = 0; offset < 13; offset += 2) seen.push(...(await idsOf(`sort=${sort}&limit=2&offset=${offset}`)));
        expect(new Set(seen).size, sort).toBe(13);
        expect(seen.length, sort).toBe(13);
      }
      expect((await idsOf("sort=created_at:desc&limit=3")).slice(0, 3)).toEqual([106, 105, 104]);
      expect((await idsOf("sort=name:asc&limit=50")).filter((id) => id >= 100)).toEqual([100, 101, 102, 103, 104, 105, 106]);
    } finally {
      await t.db.profile.deleteMany({ where: { id: { gte: 100 } } });
    }
  });
});
