import { describe, expect, it } from "vitest";
import { Prisma } from "../../server/db/generated/prisma/client";
import { createPrisma, driverOf } from "../../server/db/client";
import { readRows } from "../../server/db/read";
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
});
