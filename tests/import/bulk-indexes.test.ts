import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deferIndexes, restoreDeferredIndexes } from "../../server/db/deferred-indexes";
import { importJsonl } from "../../server/domain/import";
import { openTestDb, type TTestDb } from "../helpers/db";
import { fixtureLines } from "./fixture";
import { linesSource, resetData, rowsBySlug, TABLES } from "./helpers";

/** Bulk loads into empty tables build their secondary indexes afterwards, and never lose one. */

let t: TTestDb;
const NOW = Date.now();

beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await resetData(t.db);
});

const indexes = async () =>
  (
    await t.db.$queryRawUnsafe<{ d: string }[]>(`SELECT indexname || ': ' || indexdef AS d FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1`)
  ).map((r) => r.d);

const pending = async () => (await t.db.$queryRawUnsafe<{ name: string }[]>(`SELECT name FROM vm_deferred_index ORDER BY name`)).map((r) => r.name);

/**
 * The imported rows without their import-time timestamps, in a stable order: references by slug
 * (rowsBySlug), and every table without its id columns (ids follow the order in which concurrent
 * write lanes insert, which nothing fixes).
 */
async function rows(): Promise<unknown> {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) {
    const found = await t.db.$queryRawUnsafe<{ r: string }[]>(
      `SELECT (SELECT jsonb_object_agg(key, value) FROM jsonb_each(to_jsonb(x) - 'search_vector' - 'created_at' - 'updated_at')
                WHERE key <> 'id' AND key NOT LIKE '%\\_id')::text AS r
         FROM ${table} x ORDER BY 1`,
    );
    out[table] = found.map((r) => r.r);
  }
  return { tables: out, bySlug: await rowsBySlug(t.db, { cardCreatedAt: false }) };
}

async function importFixture(bulkMinRows: number): Promise<Set<string>> {
  const phases = new Set<string>();
  await importJsonl(t.db, linesSource(fixtureLines(NOW)), { bulkMinRows, onProgress: (p) => phases.add(p.phase) });
  return phases;
}

describe("bulk loads", () => {
  it("build the secondary indexes after the rows, ending with the same indexes and the same rows", async () => {
    const before = await indexes();
    await importFixture(Number.MAX_SAFE_INTEGER);
    const normal = await rows();

    await resetData(t.db);
    const phases = await importFixture(1);
    expect(phases.has("index")).toBe(true);
    expect(await indexes()).toEqual(before);
    expect(await pending()).toEqual([]);
    expect(await rows()).toEqual(normal);
  });

  it("keep the indexes of tables that hold rows already", async () => {
    await importFixture(Number.MAX_SAFE_INTEGER);
    const before = await indexes();
    const phases = await importFixture(1);
    expect(phases.has("index")).toBe(false);
    expect(await indexes()).toEqual(before);
  });

  it("never drop the indexes behind primary and unique keys", async () => {
    const before = await indexes();
    expect(await deferIndexes(t.db, ["card", "card_category"])).toBeGreaterThan(5);
    const during = await indexes();
    expect(during.some((d) => d.startsWith("card_pkey:"))).toBe(true);
    expect(during.some((d) => d.startsWith("card_slug_key:"))).toBe(true);
    expect(during.some((d) => d.startsWith("card_category_pkey:"))).toBe(true);
    expect(during.some((d) => d.startsWith("vm_card_search_gin:"))).toBe(false);
    expect((await pending()).length).toBe(before.length - during.length);
    await restoreDeferredIndexes(t.db);
  });

  it("rebuild what an interrupted load left recorded, once", async () => {
    const before = await indexes();
    const deferred = await deferIndexes(t.db, ["interaction"]);
    expect(deferred).toBeGreaterThan(0);
    expect(await indexes()).not.toEqual(before);
    // An index built by a run that died before forgetting it is only forgotten.
    const [first] = await pending();
    const definition = (await t.db.$queryRawUnsafe<{ definition: string }[]>(`SELECT definition FROM vm_deferred_index WHERE name = $1`, first))[0]!;
    await t.db.$executeRawUnsafe(definition.definition);

    const rebuilt = await restoreDeferredIndexes(t.db, 2);
    expect(rebuilt).toHaveLength(deferred);
    expect(await indexes()).toEqual(before);
    expect(await pending()).toEqual([]);
    expect(await restoreDeferredIndexes(t.db)).toEqual([]);
  });

  it("leave non-empty tables alone", async () => {
    await importFixture(Number.MAX_SAFE_INTEGER);
    expect(await deferIndexes(t.db, ["card"])).toBe(0);
    expect(await pending()).toEqual([]);
  });
});
