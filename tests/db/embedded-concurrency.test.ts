import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrisma, type TDb } from "~/server/db/client";
import { startEmbeddedHost, type TEmbeddedHost } from "~/server/db/embedded";
import { migrate } from "~/server/db/migrate";

/**
 * The embedded database is one PGlite session shared by every connection. Parameterised queries
 * (extended protocol) and transactions from many connections at once must not interfere.
 */
let host: TEmbeddedHost;
let a: TDb;
let b: TDb;

beforeAll(async () => {
  host = await startEmbeddedHost(undefined);
  await migrate(host.url);
  a = createPrisma(host.url, 8);
  b = createPrisma(host.url, 8);
});
afterAll(async () => {
  await a?.$disconnect();
  await b?.$disconnect();
  await host?.stop();
});

describe("embedded database under concurrency", () => {
  it("keeps parameterised queries and transactions of many connections apart", async () => {
    await a.group.create({ data: { name: "g0", limitOverride: 0 } });
    const work = Array.from({ length: 60 }, (_, i) => {
      const db = i % 2 ? a : b;
      if (i % 3 === 0) {
        return db.$transaction(
          async (tx) => {
            const g = await tx.group.create({ data: { name: `t${i}`, limitOverride: i } });
            await tx.$queryRaw`SELECT ${i}::int + ${1}::int AS x, ${"s"}::text AS s`;
            return tx.group.update({ where: { id: g.id }, data: { limitOverride: i + 1 } });
            // Correctness under concurrency is the point here, not how fast a transaction starts.
          },
          { maxWait: 60_000, timeout: 60_000 },
        );
      }
      return db.$queryRaw<{ x: number; y: string; z: boolean }[]>`SELECT ${i}::int AS x, ${`v${i}`}::text AS y, ${i % 2 === 0}::bool AS z`;
    });
    const results = await Promise.all(work);
    results.forEach((r, i) => {
      if (i % 3 === 0) expect(r).toMatchObject({ name: `t${i}`, limitOverride: i + 1 });
      else expect(r).toEqual([{ x: i, y: `v${i}`, z: i % 2 === 0 }]);
    });
    expect(await a.group.count()).toBe(21);
  });

  it("rolls back a failed transaction without affecting the others", async () => {
    const failing = a.$transaction(async (tx) => {
      await tx.group.create({ data: { name: "doomed" } });
      throw new Error("boom");
    });
    const fine = Promise.all(Array.from({ length: 10 }, (_, i) => b.$queryRaw`SELECT ${i}::int AS n`));
    await expect(failing).rejects.toThrow("boom");
    expect((await fine).length).toBe(10);
    expect(await a.group.findFirst({ where: { name: "doomed" } })).toBeNull();
  });
});
