import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { importJsonl } from "~/server/domain/import";
import { openTestDb, type TTestDb } from "../helpers/db";
import { fixtureLines, isoDaysAgo } from "./fixture";
import { linesSource, one, resetData, snapshot } from "./helpers";

/** The import of a valid file (docs/import-format.md): exact rows, derived fields, idempotence, order. */

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

async function expectFixtureRows() {
  const db = t.db;
  const card = await one<Record<string, unknown>>(
    db,
    `SELECT c.name, c.description, c.image, c.url, s.slug AS stage, r.slug AS round, l.slug AS location,
       c.trending, c.featured, c.open_to_intro, c.web3, c.web2, c.last_round::text AS last_round,
       c.social_links, c.people, c.more, c.employment_data, c.network_a_profile_id,
       c.created_at::text AS created_at, c.updated_at::text AS updated_at,
       c.interactions_count, c.first_interaction_at, c.last_interaction_at, st.slug AS earliest_source_type,
       (SELECT array_agg(k.slug ORDER BY k.slug) FROM card_category cc JOIN category k ON k.id = cc.category_id WHERE cc.card_id = c.id) AS categories
     FROM card c LEFT JOIN stage s ON s.id = c.stage_id LEFT JOIN round r ON r.id = c.round_id
     LEFT JOIN location l ON l.id = c.location_id LEFT JOIN source_type st ON st.id = c.earliest_source_type_id
     WHERE c.slug = 'ledgerly'`,
  );
  expect(card).toMatchObject({
    name: "Ledgerly",
    description: "AI-powered compliance automation for mid-size banks",
    stage: "seed",
    round: "pre-seed",
    location: "berlin",
    trending: true,
    featured: false,
    open_to_intro: true,
    web3: false,
    web2: true,
    last_round: "2024-03-15",
    social_links: [{ key: "website", name: "Website", url: "https://ledgerly.example" }],
    people: [{ id: 1, name: "Anna Schmidt", type: "founder" }],
    more: { team_size: 12 },
    employment_data: { headcount: 12 },
    network_a_profile_id: 101,
    created_at: "2023-01-02 03:04:05.123456+00",
    updated_at: "2024-06-01 00:00:00+00",
    interactions_count: 3,
    earliest_source_type: "social_interactions",
    categories: ["fintech", "payments"],
  });
  expect((card.first_interaction_at as Date).toISOString()).toBe(isoDaysAgo(400, NOW));
  expect((card.last_interaction_at as Date).toISOString()).toBe(isoDaysAgo(3, NOW));

  const nimbus = await one<Record<string, unknown>>(
    db,
    `SELECT interactions_count, first_interaction_at, stage_id, location_id FROM card WHERE slug = 'nimbus'`,
  );
  expect(nimbus).toEqual({ interactions_count: 0, first_interaction_at: null, stage_id: null, location_id: null });

  const participants = await db.$queryRawUnsafe<Record<string, unknown>[]>(
    `SELECT p.slug, pt.slug AS type, a.slug AS associated_with, p.monthly_signals, p.monthly_signals_fixed, p.web2
     FROM participant p JOIN participant_type pt ON pt.id = p.type_id LEFT JOIN participant a ON a.id = p.associated_with_id ORDER BY p.slug`,
  );
  expect(participants).toEqual([
    { slug: "acme-capital", type: "fund", associated_with: "acme-capital", monthly_signals: 0, monthly_signals_fixed: false, web2: false },
    { slug: "jane-doe", type: "investor", associated_with: "acme-capital", monthly_signals: 1, monthly_signals_fixed: false, web2: true },
    { slug: "solo-angel", type: "investor", associated_with: null, monthly_signals: 42, monthly_signals_fixed: true, web2: false },
  ]);
  expect(await db.$queryRawUnsafe(`SELECT slug, type, link FROM participant_source`)).toEqual([
    { slug: "janedoe", type: "network_b", link: "https://network-b.example/janedoe" },
  ]);
  expect(await db.$queryRawUnsafe(`SELECT count(*)::int AS n FROM interaction`)).toEqual([{ n: 3 }]);
  expect(await db.$queryRawUnsafe(`SELECT id FROM interaction WHERE id = 500`)).toEqual([{ id: 500 }]);

  expect(
    await db.$queryRawUnsafe(
      `SELECT l.slug, p.slug AS parent, l.region_slug FROM location l LEFT JOIN location p ON p.id = l.parent_id ORDER BY l.slug`,
    ),
  ).toEqual([
    { slug: "berlin", parent: "germany", region_slug: "europe" },
    { slug: "europe", parent: null, region_slug: "europe" },
    { slug: "germany", parent: "europe", region_slug: "europe" },
  ]);
  expect(
    await db.$queryRawUnsafe(`SELECT c.slug, p.slug AS parent FROM category c LEFT JOIN category p ON p.id = c.parent_id ORDER BY c.slug`),
  ).toEqual([
    { slug: "fintech", parent: null },
    { slug: "payments", parent: "fintech" },
  ]);
  expect(await db.$queryRawUnsafe(`SELECT slug, position FROM stage ORDER BY position`)).toEqual([
    { slug: "idea", position: 1 },
    { slug: "seed", position: 2 },
  ]);
  expect(
    await one(
      db,
      `SELECT country, network_a_url, network_a_urn, tags, new_company->>'name' AS company, experience->0->>'startDate' AS start,
      created_at::text AS created_at, updated_at::text AS updated_at FROM profile WHERE id = 101`,
    ),
  ).toEqual({
    country: "germany",
    network_a_url: "https://network-a.example/in/anna",
    network_a_urn: "A101",
    tags: ["TU Berlin", "Ledgerly"],
    company: "Ledgerly",
    start: "2023-01-01",
    created_at: "2024-01-01 00:00:00.000001+00",
    updated_at: "2024-02-01 00:00:00.000002+00",
  });
  expect(await one(db, `SELECT country FROM profile WHERE id = 102`)).toEqual({ country: "united states" });
  expect(await one(db, `SELECT visibility, active, criteria FROM collection WHERE slug = 'european_founders'`)).toEqual({
    visibility: "shared",
    active: true,
    criteria: { countries: ["germany", "france"], classification: ["strong_potential_founder"] },
  });
  expect(await one(db, `SELECT username, followers, recent_posts FROM network_b_profile WHERE user_id = '12345'`)).toEqual({
    username: "janedoe",
    followers: 10,
    recent_posts: [{ id: "1", text: "hello" }],
  });
}

describe("importJsonl, a valid file", () => {
  // In one transaction (a small file), and in units of cards with their interactions (write-units.ts).
  it.each([undefined, 1])("writes the exact rows and derived fields (unitRecords %s)", async (unitRecords) => {
    const phases = new Set<string>();
    const report = await importJsonl(t.db, linesSource(fixtureLines(NOW)), { unitRecords, onProgress: (p) => phases.add(p.phase) });
    expect(report).toMatchObject({ lines: 24, valid: 24, invalid: [], skippedInvalid: false });
    expect(report.written).toMatchObject({ card: 2, interaction: 3, participant: 3, profile: 2, location: 3, category: 2 });
    expect([...phases]).toEqual(["validate", "write", "derive"]);
    await expectFixtureRows();
  });

  it("imports lines given in reverse dependency order", async () => {
    await importJsonl(t.db, linesSource(fixtureLines(NOW).reverse()));
    await expectFixtureRows();
  });

  it("changes nothing when the same file is imported again (rows and updated_at)", async () => {
    const lines = fixtureLines(NOW);
    await importJsonl(t.db, linesSource(lines));
    const before = await snapshot(t.db);
    await new Promise((r) => setTimeout(r, 20));
    const again = await importJsonl(t.db, linesSource(lines));
    expect(again.invalid).toEqual([]);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it("bumps updated_at only when something changed", async () => {
    const card = (description: string, categories: string[]) =>
      JSON.stringify({ kind: "card", slug: "plain", name: "Plain", description, categories });
    const ref = [JSON.stringify({ kind: "category", slug: "a", name: "A" }), JSON.stringify({ kind: "category", slug: "b", name: "B" })];
    const stamp = async () => (await one<{ u: string }>(t.db, `SELECT updated_at::text AS u FROM card WHERE slug = 'plain'`)).u;
    await importJsonl(t.db, linesSource([...ref, card("one", ["a"])]));
    const first = await stamp();
    await importJsonl(t.db, linesSource([card("one", ["a"])]));
    expect(await stamp()).toBe(first);
    await importJsonl(t.db, linesSource([card("two", ["a"])]));
    const second = await stamp();
    expect(second > first).toBe(true);
    await importJsonl(t.db, linesSource([card("two", ["a", "b"])]));
    expect((await stamp()) > second).toBe(true);
    // card.category_ids, card_category's copy, follows (written with the card or by the triggers).
    const copy = async () =>
      (
        await one<{ slugs: string[] }>(
          t.db,
          `SELECT ARRAY(SELECT k.slug FROM card c JOIN category k ON k.id = ANY(c.category_ids) WHERE c.slug = 'plain' ORDER BY k.slug) AS slugs`,
        )
      ).slugs;
    expect(await copy()).toEqual(["a", "b"]);
    await importJsonl(t.db, linesSource([card("two", ["b"])]));
    expect(await copy()).toEqual(["b"]);
    await importJsonl(t.db, linesSource([card("three", [])]));
    expect(await copy()).toEqual([]);
  });

  it("recomputes derived fields after a second import adds interactions", async () => {
    await importJsonl(t.db, linesSource(fixtureLines(NOW)));
    const newest = isoDaysAgo(1, NOW);
    const earliest = isoDaysAgo(500, NOW);
    const more = [
      { kind: "interaction", card: "nimbus", participant: "acme-capital", source_type: "code_host", created_at: newest },
      { kind: "interaction", card: "nimbus", participant: "jane-doe", created_at: isoDaysAgo(10, NOW) },
      { kind: "interaction", card: "ledgerly", participant: "acme-capital", source_type: "code_host", created_at: earliest },
    ].map((r) => JSON.stringify(r));
    await importJsonl(t.db, linesSource(more));
    const rows = await t.db.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT c.slug, c.interactions_count AS n, c.first_interaction_at AS first, c.last_interaction_at AS last, st.slug AS source
       FROM card c LEFT JOIN source_type st ON st.id = c.earliest_source_type_id ORDER BY c.slug`,
    );
    expect(rows.map((r) => ({ ...r, first: (r.first as Date).toISOString(), last: (r.last as Date).toISOString() }))).toEqual([
      { slug: "ledgerly", n: 4, first: earliest, last: isoDaysAgo(3, NOW), source: "code_host" },
      { slug: "nimbus", n: 2, first: isoDaysAgo(10, NOW), last: newest, source: null },
    ]);
    expect(await t.db.$queryRawUnsafe(`SELECT slug, monthly_signals FROM participant ORDER BY slug`)).toEqual([
      { slug: "acme-capital", monthly_signals: 1 },
      { slug: "jane-doe", monthly_signals: 2 },
      { slug: "solo-angel", monthly_signals: 42 },
    ]);
  });
});
