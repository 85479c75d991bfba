import { describe, expect, it } from "vitest";
import { closeDatabase, createPrisma, openDatabase, type TDb } from "~/server/db/client";
import { startEmbeddedHost } from "~/server/db/embedded";
import { resetEnvCache } from "~/server/env";
import { createStatementNamer } from "~/server/db/statement-names";
import { openTestDb } from "../helpers/db";

describe("statement names", () => {
  it("names a text at its second sighting, always with the same name, one name per text", () => {
    const name = createStatementNamer();
    expect(name({ sql: "SELECT 1" })).toBeUndefined();
    const first = name({ sql: "SELECT 1" });
    expect(first).toMatch(/^vm_\d+$/);
    expect(name({ sql: "SELECT 1" })).toBe(first);
    expect(name({ sql: "SELECT 2" })).toBeUndefined();
    const second = name({ sql: "SELECT 2" });
    expect(second).not.toBe(first);
    expect(name({ sql: "SELECT 1" })).toBe(first);
  });

  it("stops naming new texts at the limit, and keeps the names it gave", () => {
    const name = createStatementNamer({ maxNamed: 2, maxCandidates: 3 });
    for (const sql of ["a", "a", "b", "b", "c", "c", "c"]) name({ sql });
    expect(name({ sql: "a" })).toBe("vm_1");
    expect(name({ sql: "b" })).toBe("vm_2");
    expect(name({ sql: "c" })).toBeUndefined();
  });

  it("forgets candidates seen once when there are too many of them", () => {
    const name = createStatementNamer({ maxNamed: 10, maxCandidates: 2 });
    for (const sql of ["a", "b", "c", "a"]) expect(name({ sql })).toBeUndefined();
    expect(name({ sql: "a" })).toBe("vm_1");
  });
});

describe.runIf(process.env.DATABASE_URL)("named statements on PostgreSQL", () => {
  it("prepares a recurring statement once per connection and plans each run for its values", async () => {
    const t = await openTestDb();
    const db = createPrisma(t.url, 1, { namedStatements: true });
    try {
      const texts = async () =>
        (
          await db.$queryRaw<
            { statement: string }[]
          >`SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%generate_series(1, %'`
        ).map((r) => r.statement);
      const run = (n: number) => db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM generate_series(1, ${n}::int)`;
      for (const n of [3, 5, 7, 11, 13, 17, 19]) expect((await run(n))[0]!.n).toBe(n);
      expect(await texts()).toHaveLength(1);
      const [setting] = await db.$queryRaw<{ mode: string }[]>`SELECT current_setting('plan_cache_mode') AS mode`;
      expect(setting!.mode).toBe("force_custom_plan");
      const [plans] = await db.$queryRaw<{ generic: bigint; custom: bigint }[]>`
        SELECT generic_plans AS generic, custom_plans AS custom FROM pg_prepared_statements WHERE statement LIKE '%generate_series(1, %'`;
      expect(Number(plans!.generic)).toBe(0);
      expect(Number(plans!.custom)).toBeGreaterThanOrEqual(6);
    } finally {
      await db.$disconnect();
      await t.close();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)("the service's connections (PREPARED_STATEMENTS)", () => {
  const preparedAfterRuns = async (db: TDb) => {
    for (let i = 0; i < 4; i++) await db.$queryRaw`SELECT 'prepared-statements-probe' AS probe, ${i}::int AS i`;
    const rows = await db.$queryRaw<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%prepared-statements-probe%'`;
    return rows[0]!.n;
  };

  it.each([
    ["1", 1],
    ["0", 0],
  ])("PREPARED_STATEMENTS=%s: %i prepared", async (setting, expected) => {
    process.env.PREPARED_STATEMENTS = setting;
    resetEnvCache();
    const t = await openTestDb();
    try {
      // One connection at a time: the pool hands the same idle connection back.
      expect(await preparedAfterRuns(t.db)).toBe(expected);
    } finally {
      await t.close();
      delete process.env.PREPARED_STATEMENTS;
      resetEnvCache();
    }
  });
});

describe("the embedded database reached through DATABASE_URL", () => {
  it("gets no prepared statements: its connections share one session", async () => {
    const host = await startEmbeddedHost(undefined);
    const saved = { url: process.env.DATABASE_URL, shared: process.env.VMON_DATABASE_URL };
    process.env.DATABASE_URL = host.url; // as `vmon` run beside a server on the embedded database
    delete process.env.VMON_DATABASE_URL;
    resetEnvCache();
    try {
      await closeDatabase();
      const { prisma } = await openDatabase();
      // Several connections run the same statement at once, several times over: with names,
      // the second connection to prepare one fails ("prepared statement ... already exists").
      for (let round = 0; round < 3; round++) {
        const runs = await Promise.all(Array.from({ length: 6 }, (_, i) => prisma.$queryRaw<{ n: number }[]>`SELECT ${i}::int + 1 AS n`));
        expect(runs.map((r) => r[0]!.n)).toEqual([1, 2, 3, 4, 5, 6]);
      }
    } finally {
      await closeDatabase();
      process.env.DATABASE_URL = saved.url;
      if (saved.url === undefined) delete process.env.DATABASE_URL;
      if (saved.shared !== undefined) process.env.VMON_DATABASE_URL = saved.shared;
      resetEnvCache();
      await host.stop();
    }
  });
});
