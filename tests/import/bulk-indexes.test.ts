import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deferIndexes, restoreDeferredIndexes } from "~/server/db/deferred-indexes";
import { importJsonl } from "~/server/domain/import";
import { deferTriggerTable, refillRecord, TRIGGER_TABLES } from "~/server/domain/import/trigger-tables";
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
    await t.db.$queryRawUnsafe<{ d: string }[]>(
      `SELECT indexname || ': ' || indexdef AS d FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1`,
    )
  ).map((r) => r.d);

const pending = async () =>
  (await t.db.$queryRawUnsafe<{ name: string }[]>(`SELECT name FROM vm_deferred_index ORDER BY name`)).map((r) => r.name);

/**
 * The imported rows without their import-time timestamps, in a stable order: references by slug
 * (rowsBySlug), and every table without its id columns (ids follow the order in which concurrent
 * write lanes insert, which nothing fixes).
 */
async function rows(): Promise<unknown> {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) {
    const found = await t.db.$queryRawUnsafe<{ r: string }[]>(
      `SELECT (SELECT jsonb_object_agg(key, value) FROM jsonb_each(to_jsonb(x) - 'search_vector' - 'vm_feed_xid' - 'created_at' - 'updated_at')
                WHERE key <> 'id' AND key NOT LIKE '%\\_id')::text AS r
         FROM ${table} x ORDER BY 1`,
    );
    out[table] = found.map((r) => r.r);
  }
  return { tables: out, bySlug: await rowsBySlug(t.db, { cardCreatedAt: false }) };
}

/**
 * The tables that triggers fill (trigger-tables.ts): their rows (by slug), whether every trigger
 * that fills them is on, and how many rows differ from what card and interaction say (0: in step).
 */
async function filled(): Promise<{ words: string[]; participants: string[]; triggersOn: boolean; drift: number }> {
  const texts = async (sql: string) => (await t.db.$queryRawUnsafe<{ r: string }[]>(sql)).map((r) => r.r);
  const words = await texts(
    `SELECT c.slug || ' ' || w.word || ' ' || coalesce(w.last_interaction_at::text, '-') AS r
       FROM vm_card_word w JOIN card c ON c.id = w.card_id ORDER BY 1`,
  );
  const participants = await texts(
    `SELECT c.slug || ' ' || p.slug || ' ' || coalesce(cp.last_interaction_at::text, '-') AS r
       FROM vm_card_participant cp JOIN card c ON c.id = cp.card_id JOIN participant p ON p.id = cp.participant_id ORDER BY 1`,
  );
  const names = Object.values(TRIGGER_TABLES).flatMap((x) => x.triggers);
  const [state] = await t.db.$queryRawUnsafe<{ on: boolean; n: number }[]>(
    `SELECT bool_and(tgenabled = 'O') AS on, count(*)::int AS n FROM pg_trigger WHERE tgname = ANY($1::text[])`,
    names,
  );
  expect(state!.n).toBe(names.length);
  const [d] = await t.db.$queryRawUnsafe<{ n: number }[]>(`
    WITH want_w AS (
      SELECT w.word::text AS word, c.id AS card_id, c.last_interaction_at
        FROM card c CROSS JOIN LATERAL unnest(tsvector_to_array(c.search_vector)) w(word)
    ), have_w AS (SELECT word::text AS word, card_id, last_interaction_at FROM vm_card_word),
    want_p AS (
      SELECT p.card_id, p.participant_id, c.last_interaction_at
        FROM (SELECT card_id, participant_id FROM interaction
               UNION SELECT card_id, associated_participant_id FROM interaction WHERE associated_participant_id IS NOT NULL) p
        JOIN card c ON c.id = p.card_id
    ), have_p AS (SELECT card_id, participant_id, last_interaction_at FROM vm_card_participant)
    SELECT ((SELECT count(*) FROM (SELECT * FROM want_w EXCEPT ALL SELECT * FROM have_w) a)
          + (SELECT count(*) FROM (SELECT * FROM have_w EXCEPT ALL SELECT * FROM want_w) b)
          + (SELECT count(*) FROM (SELECT * FROM want_p EXCEPT ALL SELECT * FROM have_p) c)
          + (SELECT count(*) FROM (SELECT * FROM have_p EXCEPT ALL SELECT * FROM want_p) d))::int AS n`);
  return { words, participants, triggersOn: state!.on, drift: d!.n };
}

const RECORDS = Object.values(TRIGGER_TABLES).map(refillRecord).sort();

async function importFixture(bulkMinRows: number): Promise<Set<string>> {
  const phases = new Set<string>();
  // In units (write-units.ts): a file small enough for one transaction never defers an index.
  await importJsonl(t.db, linesSource(fixtureLines(NOW)), { bulkMinRows, unitRecords: 2, onProgress: (p) => phases.add(p.phase) });
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

  it("write the tables that triggers fill once the load is in, and switch the triggers back on", async () => {
    await importFixture(Number.MAX_SAFE_INTEGER);
    const normal = await filled();
    expect(normal.words.length).toBeGreaterThan(5);
    expect(normal.participants.length).toBeGreaterThan(1);

    await resetData(t.db);
    await importFixture(1);
    expect(await filled()).toEqual({ ...normal, triggersOn: true, drift: 0 });
    expect(await pending()).toEqual([]);
    // The triggers work again: a card renamed gets its new words, a new interaction its participant.
    await t.db.$executeRawUnsafe(`UPDATE card SET name = 'Zyxwvut' WHERE id = (SELECT min(id) FROM card)`);
    await t.db.$executeRawUnsafe(
      `INSERT INTO interaction (card_id, participant_id, created_at)
       SELECT (SELECT max(id) FROM card), (SELECT max(id) FROM participant), now()`,
    );
    const after = await filled();
    expect(after.drift).toBe(0);
    expect(after.words.some((r) => r.includes(" zyxwvut "))).toBe(true);
    expect(after.participants.length).toBeGreaterThanOrEqual(normal.participants.length);
  });

  it("leave the tables of a load that died half-way recorded, and write them at the next restore", async () => {
    for (const x of Object.values(TRIGGER_TABLES)) expect(await deferTriggerTable(t.db, x)).toBe(1);
    expect(await pending()).toEqual(RECORDS);
    expect((await filled()).triggersOn).toBe(false);
    // An import first runs what a dead one left, then writes with the triggers on.
    await importFixture(Number.MAX_SAFE_INTEGER);
    expect(await pending()).toEqual([]);
    expect(await filled()).toMatchObject({ triggersOn: true, drift: 0 });

    // Rows written while the triggers are off, by anyone, are in after the restore.
    await resetData(t.db);
    for (const x of Object.values(TRIGGER_TABLES)) expect(await deferTriggerTable(t.db, x)).toBe(1);
    await t.db.$executeRawUnsafe(`
      WITH ty AS (INSERT INTO participant_type (slug, name) VALUES ('fund', 'Fund') RETURNING id),
           p AS (INSERT INTO participant (slug, name, type_id) SELECT 'late-fund', 'Late Fund', id FROM ty RETURNING id),
           c AS (INSERT INTO card (slug, name, description, last_interaction_at)
                 VALUES ('late', 'Late Arrival', 'written while off', '2025-01-02Z') RETURNING id)
      INSERT INTO interaction (card_id, participant_id, created_at) SELECT c.id, p.id, '2025-01-02Z' FROM c, p`);
    expect(await filled()).toMatchObject({ words: [], participants: [], triggersOn: false });
    expect((await restoreDeferredIndexes(t.db, 2)).sort()).toEqual(RECORDS);
    const restored = await filled();
    expect(restored).toMatchObject({ triggersOn: true, drift: 0 });
    expect(restored.words.length).toBeGreaterThan(2);
    expect(restored.participants).toEqual(["late late-fund 2025-01-02 00:00:00+00"]);
  });

  it("leave the tables alone when their source holds rows", async () => {
    await importFixture(Number.MAX_SAFE_INTEGER);
    for (const x of Object.values(TRIGGER_TABLES)) expect(await deferTriggerTable(t.db, x)).toBe(0);
    expect(await pending()).toEqual([]);
    expect((await filled()).triggersOn).toBe(true);
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
    const definition = (
      await t.db.$queryRawUnsafe<{ definition: string }[]>(`SELECT definition FROM vm_deferred_index WHERE name = $1`, first)
    )[0]!;
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
