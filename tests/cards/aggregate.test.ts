import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "~/server/domain/demo/seed";
import { createSavedFilter } from "~/server/domain/saved-filters/filters";
import { GROUP_BY, type TGroupBy } from "~/server/domain/cards/aggregate-groups";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";

/**
 * GET /v1/cards/aggregate/: every group's count is the list's total with that group added as a
 * filter, the groups add up to the list's total (categories aside, which overlap), the answer
 * follows writes, and bad input or another account's folder is a 400.
 */

let t: TTestDb;
let token: string;
let accountId: number;

interface TGroup {
  key: string | null;
  name: string;
  count: number;
}

beforeAll(async () => {
  t = await openTestDb();
  await seedDemo(t.db, { scale: 1 });
  const me = await createAccount(t.db, { limit: 100_000 });
  token = me.token;
  accountId = me.account.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const aggregate = async (query: string) => {
  const res = await api("GET", `/cards/aggregate/?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: TGroup[]; meta: { total: number; groups: number; overlapping: boolean; group_by: string } };
};

const listTotal = async (query: string): Promise<number> => {
  const res = await api("GET", `/cards/?limit=1&${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.pagination.total as number;
};

/** The parameters a group's filter adds; a base filter that already has one of them is not narrowed by it (OR). */
const NARROWS: Record<TGroupBy, string[]> = {
  stage: ["stages", "rounds"],
  round: ["stages", "rounds"],
  category: ["categories"],
  location: ["locations"],
  country: ["locations"],
  created_month: ["created_after", "created_before"],
  last_interaction_month: ["last_interaction_after", "last_interaction_before"],
};

/** The list filter that selects one group's cards (undefined: the grouping has no such filter for it). */
async function groupFilter(groupBy: TGroupBy, key: string, base: string): Promise<string | undefined> {
  if (NARROWS[groupBy].some((name) => new URLSearchParams(base).has(name))) return undefined;
  switch (groupBy) {
    case "stage":
      return `stages=${key}`;
    case "round":
      return `rounds=${key}`;
    case "category":
      return `categories=${key}`;
    case "country":
      return `locations=${key}`;
    case "location": {
      // The `locations` filter includes what lies under a location: only a location with nothing under it compares.
      const location = await t.db.location.findUniqueOrThrow({ where: { slug: key }, include: { children: { take: 1 } } });
      return location.children.length === 0 ? `locations=${key}` : undefined;
    }
    case "created_month":
    case "last_interaction_month": {
      const [year, month] = key.split("-").map(Number);
      const last = new Date(Date.UTC(year!, month!, 0)).toISOString().slice(0, 10);
      const field = groupBy === "created_month" ? "created" : "last_interaction";
      return `${field}_after=${key}-01&${field}_before=${last}`;
    }
  }
}

const FILTERS = [
  "",
  "categories=fintech",
  "stages=seed,mvp&locations=europe",
  "search=payments",
  "min_signals=10&created_after=2025-06-01",
];

describe("GET /v1/cards/aggregate/", () => {
  for (const filter of FILTERS) {
    it(`counts exactly what the list counts (${filter || "no filter"})`, async () => {
      const total = await listTotal(filter);
      for (const groupBy of GROUP_BY) {
        const body = await aggregate(`group_by=${groupBy}&limit=1000&${filter}`);
        expect(body.meta.total, groupBy).toBe(total);
        expect(body.meta.groups).toBe(body.data.length);
        expect(body.meta.overlapping).toBe(groupBy === "category");
        const sum = body.data.reduce((s, g) => s + g.count, 0);
        if (groupBy === "category") expect(sum).toBeGreaterThanOrEqual(total);
        else expect(sum, groupBy).toBe(total);
        expect(body.data.every((g) => g.count > 0)).toBe(true);
        const last = body.data.at(-1);
        if (body.data.some((g) => g.key === null)) expect(last?.key).toBeNull();
        for (const group of body.data) {
          if (group.key === null) continue;
          const narrowed = await groupFilter(groupBy, group.key, filter);
          if (narrowed === undefined) continue;
          expect(await listTotal([filter, narrowed].filter(Boolean).join("&")), `${groupBy} ${group.key}`).toBe(group.count);
        }
      }
    }, 120_000);
  }

  it("orders stages as the reference data does, months oldest first, the rest largest first", async () => {
    const stages = (await aggregate("group_by=stage")).data.filter((g) => g.key !== null).map((g) => g.key);
    const reference = (await t.db.stage.findMany({ orderBy: { position: "asc" } })).map((s) => s.slug);
    expect(stages).toEqual(reference.filter((s) => stages.includes(s)));
    const months = (await aggregate("group_by=created_month")).data.map((g) => g.key!);
    expect(months).toEqual([...months].sort());
    expect(months[0]).toMatch(/^\d{4}-\d{2}$/);
    const countries = (await aggregate("group_by=country")).data.filter((g) => g.key !== null).map((g) => g.count);
    expect(countries).toEqual([...countries].sort((a, b) => b - a));
  });

  it("keeps the largest groups under `limit` and says how many there are", async () => {
    const all = await aggregate("group_by=location&limit=1000");
    const top = await aggregate("group_by=location&limit=3");
    expect(top.data).toHaveLength(3);
    expect(top.meta.groups).toBe(all.meta.groups);
    expect(top.data).toEqual(all.data.filter((g) => g.key !== null).slice(0, 3));
    const months = (await aggregate("group_by=created_month&limit=1000")).data.filter((g) => g.key !== null);
    const latest = await aggregate("group_by=created_month&limit=4");
    expect(latest.data).toEqual(months.slice(-4));
  });

  it("follows writes: a new card counts at once", async () => {
    const before = await aggregate("group_by=stage");
    const stage = await t.db.stage.findFirstOrThrow({ orderBy: { position: "asc" } });
    await t.db.card.create({ data: { slug: "aggregate-new", name: "Aggregate New", stageId: stage.id } });
    const after = await aggregate("group_by=stage");
    expect(after.meta.total).toBe(before.meta.total + 1);
    const count = (b: typeof before) => b.data.find((g) => g.key === stage.slug)?.count ?? 0;
    expect(count(after)).toBe(count(before) + 1);
  });

  it("applies a saved filter through filter_id, and explicit parameters over it", async () => {
    const { id } = await createSavedFilter(t.db, accountId, "Fintech", { categories: ["fintech"] });
    expect((await aggregate(`group_by=round&filter_id=${id}`)).meta.total).toBe(await listTotal("categories=fintech"));
    expect((await aggregate(`group_by=round&filter_id=${id}&categories=climate`)).meta.total).toBe(await listTotal("categories=climate"));
  });

  it("answers 400 for bad input and for another account's folder, never 500", async () => {
    const other = await createAccount(t.db);
    const folder = await t.db.folder.create({ data: { accountId: other.account.id, name: "Theirs" } });
    for (const query of [
      "",
      "group_by=planet",
      "group_by=stage&sort=name:asc",
      "group_by=stage&limit=0",
      "group_by=stage&offset=5",
      "group_by=stage&created_after=yesterday",
      "group_by=stage&semantic=true",
      `group_by=stage&folder_ids=${folder.id}`,
    ]) {
      const res = await api("GET", `/cards/aggregate/?${query}`, { token });
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toBe("validation_error");
    }
    expect((await api("GET", "/cards/aggregate/?group_by=stage")).status).toBe(401);
  });
});
