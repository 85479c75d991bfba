import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deferIndexes, restoreDeferredIndexes } from "../../server/db/deferred-indexes";
import { importJsonl } from "../../server/domain/import";
import { CARD_WORDS_RECORD, deferCardWords } from "../../server/domain/import/card-words";
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

/** vm_card_word's rows (the words of each card by slug) and whether card's triggers on it are all on. */
async function cardWords(): Promise<{ rows: string[]; triggersOn: boolean; drift: number }> {
  const rows = await t.db.$queryRawUnsafe<{ r: string }[]>(
    `SELECT c.slug || ' ' || w.word || ' ' || coalesce(w.last_interaction_at::text, '-') AS r
       FROM vm_card_word w JOIN card c ON c.id = w.card_id ORDER BY 1`,
  );
  const [state] = await t.db.$queryRawUnsafe<{ on: boolean }[]>(
    `SELECT bool_and(tgenabled = 'O') AS on FROM pg_trigger WHERE tgrelid = 'card'::regclass AND tgname LIKE 'vm\\_card\\_word\\_%'`,
  );
  const [d] = await t.db.$queryRawUnsafe<{ n: number }[]>(`
    WITH want AS (
      SELECT w.word::text AS word, c.id AS card_id, c.last_interaction_at
        FROM card c CROSS JOIN LATERAL unnest(tsvector_to_array(c.search_vector)) w(word)
    ), have AS (SELECT word::text AS word, card_id, last_interaction_at FROM vm_card_word)
    SELECT ((SELECT count(*) FROM (SELECT * FROM want EXCEPT ALL SELECT * FROM have) a)
          + (SELECT count(*) FROM (SELECT * FROM have EXCEPT ALL SELECT * FROM want) b))::int AS n`);
  return { rows: rows.map((r) => r.r), triggersOn: state!.on, drift: d!.n };
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

  it("write the words of the cards once the cards are in, and switch card's triggers back on", async () => {
    await importFixture(Number.MAX_SAFE_INTEGER);
    const normal = await cardWords();
    expect(normal.rows.length).toBeGreaterThan(5);

    await resetData(t.db);
    await importFixture(1);
    const bulk = await cardWords();
    expect(bulk).toEqual({ rows: normal.rows, triggersOn: true, drift: 0 });
    expect(await pending()).toEqual([]);
    // The triggers work again: a card renamed gets its new words.
    await t.db.$executeRawUnsafe(`UPDATE card SET name = 'Zyxwvut' WHERE id = (SELECT min(id) FROM card)`);
    expect((await cardWords()).drift).toBe(0);
    expect((await cardWords()).rows.some((r) => r.includes(" zyxwvut "))).toBe(true);
  });

  it("leave the words of a load that died half-way recorded, and write them at the next restore", async () => {
    expect(await deferCardWords(t.db)).toBe(1);
    expect(await pending()).toEqual([CARD_WORDS_RECORD]);
    expect((await cardWords()).triggersOn).toBe(false);
    // Cards written while the triggers are off (by the load, or by anyone else) ...
    await importFixture(Number.MAX_SAFE_INTEGER); // an import first runs what a dead one left
    expect(await pending()).toEqual([]);
    const after = await cardWords();
    expect(after.triggersOn).toBe(true);
    expect(after.drift).toBe(0);

    await resetData(t.db);
    expect(await deferCardWords(t.db)).toBe(1);
    await t.db.$executeRawUnsafe(
      `INSERT INTO card (slug, name, description, created_at, updated_at) VALUES ('late', 'Late Arrival', 'written while off', now(), now())`,
    );
    expect((await cardWords()).rows).toEqual([]);
    expect(await restoreDeferredIndexes(t.db)).toEqual([CARD_WORDS_RECORD]);
    const restored = await cardWords();
    expect(restored).toMatchObject({ triggersOn: true, drift: 0 });
    expect(restored.rows.length).toBeGreaterThan(2);
  });

  it("leave the words alone when cards are there", async () => {
    await importFixture(Number.MAX_SAFE_INTEGER);
    expect(await deferCardWords(t.db)).toBe(0);
    expect(await pending()).toEqual([]);
    expect((await cardWords()).triggersOn).toBe(true);
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
