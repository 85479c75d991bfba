import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountById } from "~/server/auth/caller";
import type { TDb } from "~/server/db/client";
import { consumeRequest } from "~/server/domain/access/quota";
import { FLUSH_EVERY_MS, flushRequestDays } from "~/server/domain/access/request-days";
import { createApiToken } from "~/server/domain/accounts/api-tokens";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserCaller } from "../helpers/trpc";

/**
 * Per-day request counts of unlimited accounts (server/domain/access/request-days.ts): added up in
 * memory and written by a flush, one statement for any number of requests; counted plans keep
 * their one atomic statement per request (quota.ts).
 */

let t: TTestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await flushRequestDays();
  await t?.close();
});

const today = () => new Date().toISOString().slice(0, 10);
const accountDays = async (accountId: number) =>
  (await t.db.requestDay.findMany({ where: { accountId }, orderBy: { day: "asc" } })).map((r) => ({
    day: r.day.toISOString().slice(0, 10),
    count: r.count,
  }));
const tokenDays = async (tokenId: number) =>
  t.db.$queryRaw<{ day: string; count: number }[]>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, count FROM token_request_day WHERE token_id = ${tokenId} ORDER BY day`;

/** An account as an authenticated request carries it (TAccount). */
async function created(settings: Parameters<typeof createAccount>[1]) {
  const a = await createAccount(t.db, settings);
  return { ...a, account: (await accountById(t.db, a.account.id))! };
}

/**
 * The database handle, recording every statement sent through it (Prisma's raw and model calls):
 * what a request costs the database.
 */
function recording(db: TDb): { db: TDb; statements: string[] } {
  const statements: string[] = [];
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof prop === "string" && prop.startsWith("$") && typeof value === "function" && prop !== "$on") {
        return (...args: unknown[]) => {
          statements.push(prop);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      if (typeof prop === "string" && !prop.startsWith("$") && typeof value === "object" && value !== null) statements.push(prop);
      return value;
    },
  });
  return { db: proxy, statements };
}

describe("unlimited accounts", () => {
  it("cost the database no statement per request: the counts are written by the next flush", async () => {
    const { account, tokenId } = await created({ plan: "unlimited" });
    const { db, statements } = recording(t.db);
    for (let i = 0; i < 5; i++) {
      const access = await consumeRequest(db, account, new Date(), tokenId);
      expect(access).toMatchObject({ plan: "unlimited", limit: null, used: null });
    }
    expect(statements).toEqual([]);
    expect(await accountDays(account.id)).toEqual([]);

    await flushRequestDays();
    // One statement for the whole batch.
    expect(statements).toEqual(["$executeRaw"]);
    expect(await accountDays(account.id)).toEqual([{ day: today(), count: 5 }]);
    expect(await tokenDays(tokenId)).toEqual([{ day: today(), count: 5 }]);
  });

  it("writes the right counts per account, token and UTC day, adding to those already written", async () => {
    const a = await created({ plan: "unlimited" });
    const b = await created({ staff: true });
    const second = await createApiToken(t.db, a.account.id, { name: "second" });
    const yesterday = new Date(Date.now() - 86_400_000);
    const day = (d: Date) => d.toISOString().slice(0, 10);

    for (let i = 0; i < 3; i++) await consumeRequest(t.db, a.account, new Date(), a.tokenId);
    await consumeRequest(t.db, a.account, new Date(), second.token.id);
    await consumeRequest(t.db, a.account, new Date()); // an OAuth or session request: no API token
    for (let i = 0; i < 2; i++) await consumeRequest(t.db, a.account, yesterday, a.tokenId);
    for (let i = 0; i < 4; i++) await consumeRequest(t.db, b.account, new Date(), b.tokenId);
    await flushRequestDays();
    expect(await accountDays(a.account.id)).toEqual([
      { day: day(yesterday), count: 2 },
      { day: today(), count: 5 },
    ]);
    expect(await tokenDays(a.tokenId)).toEqual([
      { day: day(yesterday), count: 2 },
      { day: today(), count: 3 },
    ]);
    expect(await tokenDays(second.token.id)).toEqual([{ day: today(), count: 1 }]);
    expect(await accountDays(b.account.id)).toEqual([{ day: today(), count: 4 }]);

    // A second flush adds to the rows (and an empty one writes nothing).
    await flushRequestDays();
    for (let i = 0; i < 2; i++) await consumeRequest(t.db, a.account, new Date(), a.tokenId);
    await flushRequestDays();
    expect(await accountDays(a.account.id)).toEqual([
      { day: day(yesterday), count: 2 },
      { day: today(), count: 7 },
    ]);
    expect(await tokenDays(a.tokenId)).toEqual([
      { day: day(yesterday), count: 2 },
      { day: today(), count: 5 },
    ]);
  });

  it("are flushed on their own within the flush interval, and the usage page then shows them", async () => {
    const { account, token, tokenId } = await created({ plan: "unlimited" });
    await Promise.all(Array.from({ length: 10 }, () => api("GET", "/token/validate/", { token })));
    await expect.poll(() => accountDays(account.id), { timeout: FLUSH_EVERY_MS * 5, interval: 100 }).toEqual([{ day: today(), count: 10 }]);
    const usage = await (await browserCaller(t.db, account.id)).account.usage();
    expect(usage.days.at(-1)!.requests).toBe(10);
    expect(usage.tokens.find((x) => x.id === tokenId)?.requests).toBe(10);
  });

  it("leave out the counts of a token or account deleted before the flush, and write the others", async () => {
    const gone = await created({ plan: "unlimited" });
    const kept = await created({ plan: "unlimited" });
    const deletedToken = await createApiToken(t.db, kept.account.id, { name: "deleted" });
    await consumeRequest(t.db, gone.account, new Date(), gone.tokenId);
    await consumeRequest(t.db, kept.account, new Date(), kept.tokenId);
    await consumeRequest(t.db, kept.account, new Date(), deletedToken.token.id);
    await t.db.account.delete({ where: { id: gone.account.id } });
    await t.db.apiToken.delete({ where: { id: deletedToken.token.id } });
    await flushRequestDays();
    expect(await accountDays(kept.account.id)).toEqual([{ day: today(), count: 2 }]);
    expect(await tokenDays(kept.tokenId)).toEqual([{ day: today(), count: 1 }]);
    expect(await t.db.requestDay.count({ where: { accountId: gone.account.id } })).toBe(0);
  });
});

describe("counted plans", () => {
  it("still count each request in its own atomic statement, day counts included, without waiting for a flush", async () => {
    const { account, token, tokenId } = await created({ plan: "paid", limit: 6 });
    const results = await Promise.all(Array.from({ length: 10 }, () => api("GET", "/token/validate/", { token })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(6);
    expect(results.filter((r) => r.status === 429)).toHaveLength(4);
    // Written by the requests themselves: no flush has run.
    expect(await accountDays(account.id)).toEqual([{ day: today(), count: 6 }]);
    expect(await tokenDays(tokenId)).toEqual([{ day: today(), count: 6 }]);

    const { db, statements } = recording(t.db);
    const fresh = await created({ plan: "free", limit: 2 });
    await consumeRequest(db, fresh.account, new Date(), fresh.tokenId);
    expect(statements).toEqual(["$queryRaw"]);
    expect(await accountDays(fresh.account.id)).toEqual([{ day: today(), count: 1 }]);
  });
});
