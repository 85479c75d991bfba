import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeReplicas, hasReplicas, onReplica } from "~/server/db/replicas";
import { env, resetEnvCache } from "~/server/env";
import { openTestDb, type TTestDb } from "../helpers/db";

/**
 * Read replicas (server/db/replicas.ts): round robin, a replica that does not answer is skipped,
 * an error of the query itself is not a reason to skip, and with none answering the primary
 * serves. The test database stands in for a replica that answers; port 1 for one that is down.
 */

const saved = { DATABASE_URL: process.env.DATABASE_URL, DATABASE_READ_URLS: process.env.DATABASE_READ_URLS };
let t: TTestDb;

/** Sets the variables and forgets the replicas read from the previous ones. */
async function configure(readUrls: string[], serverUrl: string | null = t.url) {
  await closeReplicas();
  if (serverUrl === null) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = serverUrl;
  process.env.DATABASE_READ_URLS = readUrls.join(",");
  resetEnvCache();
}

/** Which server answered: the replica (its own client) or the primary handle passed in. */
const whoAnswers = (primary: unknown) => (db: unknown) => Promise.resolve(db === primary ? "primary" : "replica");

beforeAll(async () => {
  t = await openTestDb();
});
afterEach(async () => {
  await closeReplicas();
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
});
afterAll(async () => {
  await t.close();
});

describe("read replicas", () => {
  const down = "postgresql://postgres@127.0.0.1:1/none";

  it("are parsed from a comma-separated list, and ignored without a PostgreSQL server", async () => {
    await configure([` ${down} `, "", t.url]);
    expect(env().DATABASE_READ_URLS).toEqual([down, t.url]);
    expect(hasReplicas()).toBe(true);
    await configure([t.url], null);
    expect(hasReplicas()).toBe(false);
  });

  it("serve reads in turn; with none configured the primary does", async () => {
    await configure([]);
    expect(await onReplica(t.db, whoAnswers(t.db))).toBe("primary");
    await configure([t.url, t.url]);
    const clients = new Set<unknown>();
    for (let i = 0; i < 4; i++) await onReplica(t.db, async (db) => clients.add(db));
    expect(clients.size).toBe(2);
    expect(clients.has(t.db)).toBe(false);
    const rows = await onReplica(t.db, (db) => db.$queryRaw<{ n: number }[]>`SELECT 1::int AS n`);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it("skip a replica that does not answer, and use the primary when none does", async () => {
    await configure([down, t.url]);
    for (let i = 0; i < 3; i++) {
      expect(await onReplica(t.db, async (db) => (await db.$queryRaw<{ n: number }[]>`SELECT 2::int AS n`)[0]!.n)).toBe(2);
    }
    await configure([down]);
    const answered = await onReplica(t.db, async (db) => {
      await db.$queryRaw`SELECT 1`;
      return db === t.db ? "primary" : "replica";
    });
    expect(answered).toBe("primary");
  });

  it("throw the query's own error instead of skipping the replica", async () => {
    await configure([t.url]);
    await expect(onReplica(t.db, (db) => db.$queryRaw`SELECT * FROM no_such_table`)).rejects.toThrow(/no_such_table/);
    expect(await onReplica(t.db, whoAnswers(t.db))).toBe("replica");
  });
});
