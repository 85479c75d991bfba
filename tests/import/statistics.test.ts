import { describe, expect, it } from "vitest";
import type { TDb } from "~/server/db/client";
import { ImportStatistics } from "~/server/domain/import/statistics";

/** The importer analyses the tables a kind fills as they grow (autovacuum may be off). */
describe("import statistics", () => {
  it("analyse a kind's tables at 5,000 rows, at each fourfold growth and when the kind is written", async () => {
    const statements: string[] = [];
    const db = { $executeRawUnsafe: async (sql: string) => void statements.push(sql) } as unknown as TDb;
    const tables: Record<string, string[]> = { card: ["card", "card_category"] };
    const stats = new ImportStatistics(db, (kind) => tables[kind]);

    for (const written of [1_000, 4_999]) await stats.grown("card", written);
    expect(statements).toEqual([]);
    await stats.grown("card", 5_000);
    expect(statements).toEqual(['ANALYZE public."card", public."card_category"']);
    for (const written of [6_000, 19_999]) await stats.grown("card", written);
    expect(statements).toHaveLength(1);
    await stats.grown("card", 20_000);
    expect(statements).toHaveLength(2);
    await stats.done("card", 21_000);
    expect(statements).toHaveLength(3);

    // Kinds without tables of their own, and kinds that wrote nothing, cost nothing.
    await stats.grown("stage", 1_000_000);
    await stats.done("interaction", 0);
    expect(statements).toHaveLength(3);
  });

  it("never fail the import: a failed ANALYZE is logged and the next one still runs", async () => {
    let calls = 0;
    const db = {
      $executeRawUnsafe: async () => {
        calls += 1;
        if (calls === 1) throw new Error("analyze failed");
      },
    } as unknown as TDb;
    const stats = new ImportStatistics(db, () => ["card"]);
    await expect(stats.grown("card", 5_000)).resolves.toBeUndefined();
    await expect(stats.grown("card", 20_000)).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });
});
