import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "~/server/domain/demo";
import { openTestDb, type TTestDb } from "../helpers/db";

/** The demo dataset through the regular import path (docs/cli.md `vmon seed --demo`). */

let t: TTestDb;

beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t?.close();
});

const q = <T>(sql: string) => t.db.$queryRawUnsafe<T[]>(sql);

describe("seedDemo", () => {
  it("imports scale 1 without invalid lines, with consistent derived fields", { timeout: 600_000 }, async () => {
    const report = await seedDemo(t.db, { scale: 1 });
    expect(report.invalid).toEqual([]);
    expect(report.valid).toBe(report.lines);

    const [c] = await q<{ cards: number; interactions: number; sum: number; zero: number }>(
      `SELECT (SELECT count(*)::int FROM card) AS cards, (SELECT count(*)::int FROM interaction) AS interactions,
              (SELECT sum(interactions_count)::int FROM card) AS sum, (SELECT count(*)::int FROM card WHERE interactions_count = 0) AS zero`,
    );
    expect(c!.cards).toBe(2000);
    expect(c!.sum).toBe(c!.interactions);
    expect(c!.interactions).toBeGreaterThan(17_000);
    expect(c!.zero).toBeGreaterThan(0);
    expect(
      await q(`SELECT count(*)::int AS n FROM card c WHERE c.interactions_count <> (SELECT count(*) FROM interaction i WHERE i.card_id = c.id)
                 OR c.last_interaction_at IS DISTINCT FROM (SELECT max(created_at) FROM interaction i WHERE i.card_id = c.id)`),
    ).toEqual([{ n: 0 }]);

    expect(await q(`SELECT slug, name, "group" FROM source_type ORDER BY id`)).toEqual([
      { slug: "social_interactions", name: "Social", group: "social" },
      { slug: "launch_board", name: "Launch board", group: "launch_board" },
      { slug: "network_a", name: "Network A", group: "network_a" },
      { slug: "code_host", name: "Code host", group: "code_host" },
      { slug: "new_company_registration", name: "New company", group: "new_company" },
    ]);
    expect(await q(`SELECT slug FROM participant_type ORDER BY slug`)).toEqual(
      ["accelerator", "angel", "founder", "fund", "investor", "syndicate"].map((slug) => ({ slug })),
    );
    const [selfFunds] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM participant WHERE associated_with_id = id`);
    expect(selfFunds!.n).toBeGreaterThan(0);

    // duplicates collapsed: no two profiles of one person
    expect(await q(`SELECT count(*)::int AS n FROM (SELECT network_a_urn FROM profile GROUP BY 1 HAVING count(*) > 1) d`)).toEqual([
      { n: 0 },
    ]);

    const [collection] = await q<{ visibility: string; criteria: { countries: string[]; classification: string[] } }>(
      `SELECT visibility, criteria FROM collection WHERE slug = 'european_founders'`,
    );
    expect(collection!.visibility).toBe("shared");
    expect(collection!.criteria.countries).toContain("germany");
    const [members] = await q<{ n: number; total: number }>(
      `SELECT count(*) FILTER (WHERE p.country = ANY(ARRAY(SELECT jsonb_array_elements_text(c.criteria->'countries')))
                                 AND p.classification = ANY(ARRAY(SELECT jsonb_array_elements_text(c.criteria->'classification'))))::int AS n,
              count(*)::int AS total
       FROM profile p CROSS JOIN collection c WHERE c.slug = 'european_founders'`,
    );
    expect(members!.n).toBeGreaterThan(100);
    expect(members!.n).toBeLessThan(members!.total);
    expect(await q(`SELECT visibility FROM collection WHERE slug = 'fintech_operators_private'`)).toEqual([{ visibility: "private" }]);
    expect(await q(`SELECT count(*)::int AS n FROM card c JOIN location l ON l.id = c.location_id WHERE l.slug = 'unknown'`)).not.toEqual([
      { n: 0 },
    ]);
  });
});
