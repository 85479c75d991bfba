import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { ALL, BY_NAME, MOST_ACTIVE, seedParticipants, slugs } from "./fixture";

let t: TTestDb;
let token: string;
beforeAll(async () => {
  t = await openTestDb();
  await seedParticipants(t.db);
  token = (await createAccount(t.db, { staff: true })).token;
});
afterAll(async () => t?.close());

const list = (query: string) => api("GET", `/participants/?${query}`, { token });

describe("participants sort", () => {
  it.each([
    ["", "name", BY_NAME],
    ["sort=name", "name", BY_NAME],
    ["sort=most_active", "most_active", MOST_ACTIVE],
    ["sort=MOST_ACTIVE", "most_active", MOST_ACTIVE],
    ["sort=name:asc", "name:asc", BY_NAME],
    ["sort=name:desc", "name:desc", [...BY_NAME].reverse()],
    ["sort=%20Name%20:%20DESC%20", "name:desc", [...BY_NAME].reverse()],
    ["sort=monthly_signals:desc", "monthly_signals:desc", MOST_ACTIVE],
    // without name in the list, ties break on name opposite to monthly_signals: the exact reverse of most_active
    ["sort=monthly_signals:asc", "monthly_signals:asc", [...MOST_ACTIVE].reverse()],
    [
      "sort=monthly_signals:asc,name:asc",
      "monthly_signals:asc,name:asc",
      ["elliot", "fiona", "cedar", "gamma", "dana", "hugo", "iris", "acme", "beacon"],
    ],
    [
      "sort=monthly_signals:desc,name:desc",
      "monthly_signals:desc,name:desc",
      ["beacon", "acme", "iris", "hugo", "dana", "gamma", "cedar", "fiona", "elliot"],
    ],
    ["sort=name:asc,monthly_signals:desc", "name:asc,monthly_signals:desc", BY_NAME],
    ["sort=monthly_signals:asc,", "monthly_signals:asc", [...MOST_ACTIVE].reverse()],
    ["sort=monthly_signals:desc,name:asc", "monthly_signals:desc,name:asc", MOST_ACTIVE],
  ])("%s", async (query, label, expected) => {
    const r = await list(query);
    expect(r.status).toBe(200);
    expect(slugs(r.body)).toEqual(expected);
    expect(r.body.meta.sort).toBe(label);
  });

  it("sorts the filtered set too", async () => {
    const r = await list("sort=most_active&type=investor");
    expect(slugs(r.body)).toEqual(["dana", "hugo"]);
  });

  it.each([
    "newest",
    "name:up",
    "name:asc:x",
    "monthly_signals",
    "created_at:desc",
    "name:asc,name:desc",
    ",",
    ":",
    "name;desc",
    "id:asc",
    "constructor",
    "toString:asc",
    "__proto__",
  ])("refuses sort=%s with 400 naming sort", async (value) => {
    const r = await list(`sort=${encodeURIComponent(value)}`);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "validation_error", message: expect.any(String), details: { sort: expect.any(Array) } });
  });
});

describe("participants pagination", () => {
  it("pages with limit and offset, with total and has_next", async () => {
    const first = await list("limit=4");
    expect(slugs(first.body)).toEqual(ALL.slice(0, 4));
    expect(first.body.pagination).toEqual({ limit: 4, offset: 0, total: 9, has_next: true });
    const second = await list("limit=4&offset=4");
    expect(slugs(second.body)).toEqual(ALL.slice(4, 8));
    expect(second.body.pagination).toEqual({ limit: 4, offset: 4, total: 9, has_next: true });
    const last = await list("limit=4&offset=8");
    expect(slugs(last.body)).toEqual(ALL.slice(8));
    expect(last.body.pagination).toEqual({ limit: 4, offset: 8, total: 9, has_next: false });
    const beyond = await list("limit=4&offset=100");
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.pagination).toEqual({ limit: 4, offset: 100, total: 9, has_next: false });
  });

  it("skips the count with include_total=false and still tells has_next", async () => {
    const a = await list("limit=8&include_total=false");
    expect(a.body.data).toHaveLength(8);
    expect(a.body.pagination).toEqual({ limit: 8, offset: 0, total: null, has_next: true });
    const b = await list("limit=9&include_total=false");
    expect(b.body.data).toHaveLength(9);
    expect(b.body.pagination).toEqual({ limit: 9, offset: 0, total: null, has_next: false });
    const c = await list("limit=2&offset=7&include_total=0&sort=most_active");
    expect(slugs(c.body)).toEqual(MOST_ACTIVE.slice(7));
    expect(c.body.pagination.has_next).toBe(false);
  });

  it("defaults to 50 and clamps the limit to 200", async () => {
    expect((await list("")).body.pagination.limit).toBe(50);
    expect((await list("limit=201")).body.pagination.limit).toBe(200);
    expect((await list("limit=999999999")).body.pagination.limit).toBe(200);
    expect((await list("limit=200")).body.pagination.limit).toBe(200);
  });

  it.each(["limit=0", "limit=-5", "limit=abc", "limit=1.5", "offset=-1", "offset=x", "include_total=maybe"])(
    "refuses %s",
    async (query) => {
      const r = await list(query);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe("validation_error");
      expect(Object.keys(r.body.details)).toEqual([query.split("=")[0]]);
    },
  );
});

describe("stable order among equal keys (adds rows: keep last in the file)", () => {
  it("pages through equal names and counts without overlap or gaps", async () => {
    const type = await t.db.participantType.findUniqueOrThrow({ where: { slug: "angel" } });
    const twins = Array.from({ length: 13 }, (_, i) => ({
      slug: `zz-twin-${String(i).padStart(2, "0")}`,
      name: "Zz Twin",
      typeId: type.id,
      monthlySignals: 1,
    }));
    await t.db.participant.createMany({ data: twins });
    const ids = (await t.db.participant.findMany({ where: { name: "Zz Twin" }, orderBy: { id: "asc" } })).map((p) => p.slug);
    for (const [sort, expected] of [
      ["name", ids],
      ["name:desc", [...ids].reverse()],
      ["monthly_signals:asc", [...ids].reverse()],
      ["most_active", ids],
      ["monthly_signals:asc,name:asc", ids],
    ] as const) {
      const seen: string[] = [];
      for (let offset = 0; offset < 13; offset += 5) {
        const r = await list(`search=twin&sort=${sort}&limit=5&offset=${offset}`);
        seen.push(...slugs(r.body));
      }
      expect(seen, sort).toEqual(expected);
    }
  });
});
