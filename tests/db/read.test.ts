import { describe, expect, it } from "vitest";
import { Prisma } from "~/server/db/generated/prisma/client";
import { createPrisma, driverOf } from "~/server/db/client";
import { readRows } from "~/server/db/read";
import { openTestDb } from "../helpers/db";

/** readRows: reads through the driver pool that Prisma itself uses, or through Prisma in a transaction. */
describe("readRows", () => {
  it("answers what $queryRaw answers, on the pool Prisma uses, and sees a transaction's own writes", async () => {
    const t = await openTestDb();
    const db = createPrisma(t.url, 2, { namedStatements: !!process.env.DATABASE_URL });
    try {
      const sql = (n: number) => Prisma.sql`SELECT ${n}::int AS n, 'x' || ${n}::text AS s, ${n} > 2 AS big`;
      for (const n of [1, 3, 3, 5]) expect(await readRows(db, sql(n))).toEqual(await db.$queryRaw(sql(n)));
      // One pool: Prisma's queries opened its connections, and readRows found them.
      const driver = driverOf(db)!;
      expect(driver.pool.totalCount).toBeGreaterThan(0);
      expect(driver.pool.totalCount).toBeLessThanOrEqual(2);

      await db.$transaction(async (tx) => {
        expect(driverOf(tx as never)).toBeUndefined();
        await tx.$executeRaw`CREATE TEMP TABLE read_probe (v int) ON COMMIT DROP`;
        await tx.$executeRaw`INSERT INTO read_probe VALUES (42)`;
        expect(await readRows(tx as never, Prisma.sql`SELECT v FROM read_probe`)).toEqual([{ v: 42 }]);
      });
    } finally {
      await db.$disconnect();
      await t.close();
    }
    // $disconnect ended the pool too.
    expect(driverOf(db)!.pool.ending).toBe(true);
  });

  it("runs plan: generic statements on connections that keep generic plans, with named statements only", async () => {
    const t = await openTestDb();
    const named = !!process.env.DATABASE_URL;
    const db = createPrisma(t.url, 2, { namedStatements: named });
    const mode = Prisma.sql`SELECT current_setting('plan_cache_mode') AS mode, current_setting('jit', true) AS jit`;
    try {
      const [custom] = await readRows<{ mode: string }>(db, mode);
      const [generic] = await readRows<{ mode: string; jit: string | null }>(db, mode, { plan: "generic" });
      if (named) {
        expect(custom!.mode).toBe("force_custom_plan");
        expect(generic).toEqual({ mode: "force_generic_plan", jit: "off" });
        // A recurring statement is named there and runs on its one generic plan, for every value.
        const run = (n: number) =>
          readRows<{ n: number }>(db, Prisma.sql`SELECT count(*)::int AS n FROM generate_series(1, ${n}::int)`, { plan: "generic" });
        for (const n of [3, 5, 7, 11, 13]) expect((await run(n))[0]!.n).toBe(n);
        const plans = Prisma.sql`SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE statement LIKE '%generate_series(1, %'`;
        // One connection (sequential runs reuse it), the statement named from its second run on.
        expect(driverOf(db)!.pool.genericPlans!.totalCount).toBe(1);
        expect(await readRows(db, plans, { plan: "generic" })).toEqual([{ generic: 4, custom: 0 }]);
      } else {
        // The embedded database: one pool, the same answers (it ignores connection settings).
        expect(driverOf(db)!.pool.genericPlans).toBeUndefined();
        expect(generic!.mode).toBe(custom!.mode);
      }
    } finally {
      await db.$disconnect();
      await t.close();
    }
    expect(driverOf(db)!.pool.ending).toBe(true);
    if (named) expect(driverOf(db)!.pool.genericPlans!.ending).toBe(true);
  });

  it("survives the server ending its idle connections, in both pools, before and after Prisma connects", async () => {
    const t = await openTestDb();
    const named = !!process.env.DATABASE_URL;
    const db = createPrisma(t.url, 2, { namedStatements: named });
    const pid = Prisma.sql`SELECT pg_backend_pid() AS pid`;
    const ended = () => new Promise((resolve) => setTimeout(resolve, 200)); // the driver sees the connection close
    try {
      // An idle connection ended by the server (a restart, pg_terminate_backend, idle_session_timeout)
      // is an error event on its pool: unhandled, it would end the process.
      const pids = [await readRows<{ pid: number }>(db, pid), await readRows<{ pid: number }>(db, pid, { plan: "generic" })].map(
        (r) => r[0]!.pid,
      );
      if (named) {
        await t.db.$executeRaw`SELECT pg_terminate_backend(pid) FROM unnest(${pids}::int[]) AS pid`;
        await ended();
      }
      await db.$queryRaw`SELECT 1`;
      const after = [await readRows<{ pid: number }>(db, pid), await readRows<{ pid: number }>(db, pid, { plan: "generic" })].map(
        (r) => r[0]!.pid,
      );
      if (named) {
        await t.db.$executeRaw`SELECT pg_terminate_backend(pid) FROM unnest(${after}::int[]) AS pid`;
        await ended();
      }
      expect(await readRows(db, Prisma.sql`SELECT 1::int AS n`)).toEqual([{ n: 1 }]);
      expect(await readRows(db, Prisma.sql`SELECT 2::int AS n`, { plan: "generic" })).toEqual([{ n: 2 }]);
    } finally {
      await db.$disconnect();
      await t.close();
    }
  });

  it("ends its pools on $disconnect whether or not Prisma itself ever connected", async () => {
    const t = await openTestDb();
    const named = !!process.env.DATABASE_URL;
    const onlyRead = createPrisma(t.url, 2, { namedStatements: named });
    const both = createPrisma(t.url, 2, { namedStatements: named });
    try {
      expect(await readRows(onlyRead, Prisma.sql`SELECT 1::int AS n`, { plan: "generic" })).toEqual([{ n: 1 }]);
      expect(await both.$queryRaw`SELECT 2::int AS n`).toEqual([{ n: 2 }]);
      expect(await readRows(both, Prisma.sql`SELECT 3::int AS n`, { plan: "generic" })).toEqual([{ n: 3 }]);
    } finally {
      await onlyRead.$disconnect();
      await both.$disconnect();
      await t.close();
    }
    for (const db of [onlyRead, both]) {
      const { pool } = driverOf(db)!;
      expect(pool.ending).toBe(true);
      expect(pool.totalCount).toBe(0);
      if (!named) continue;
      expect(pool.genericPlans!.ending).toBe(true);
      expect(pool.genericPlans!.totalCount).toBe(0);
    }
  });
});
