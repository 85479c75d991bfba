import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTransaction, type TWriteCtx } from "~/server/domain/import/write-context";
import { openTestDb, type TTestDb } from "../helpers/db";

/**
 * An import batch's transaction turns the connection's forced custom plans off for itself only:
 * PostgreSQL would otherwise plan each inserted row's foreign-key checks again (write-context.ts).
 */
describe("import batch transactions", () => {
  let t: TTestDb;
  beforeAll(async () => {
    t = await openTestDb();
  });
  afterAll(async () => t.close());

  const settings = async (run: (sql: string) => Promise<{ plan: string; sync: string }[]>) =>
    (await run(`SELECT current_setting('plan_cache_mode') AS plan, current_setting('synchronous_commit') AS sync`))[0]!;

  it("run with plan_cache_mode=auto and synchronous_commit=off, and leave the connection's settings as they were", async () => {
    const ctx = { db: t.db } as TWriteCtx;
    const outside = () => settings((sql) => t.db.$queryRawUnsafe(sql));
    const before = await outside();
    // The service's connections force custom plans on a server (the embedded database ignores connection options).
    if (process.env.DATABASE_URL) expect(before.plan).toBe("force_custom_plan");

    const inside = await inTransaction(ctx, (tx) => settings((sql) => tx.$queryRawUnsafe(sql)));
    expect(inside).toEqual({ plan: "auto", sync: "off" });

    const after = await Promise.all(Array.from({ length: 4 }, outside));
    for (const s of after) expect(s).toEqual(before);
  });
});
