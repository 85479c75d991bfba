import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFromAuthorization, tokenCache } from "~/server/auth/caller";
import { listenForAuthChanges, TokenCache } from "~/server/auth/token-cache";
import type { TDb } from "~/server/db/client";
import { ensureAccount } from "~/server/domain/accounts/accounts";
import { createApiToken, revokeApiToken } from "~/server/domain/accounts/api-tokens";
import { openTestDb, type TTestDb } from "../helpers/db";

/**
 * Remembered tokens (server/auth/token-cache.ts): one round trip saved per request, and never a
 * revoked token, a changed plan or an expired token served from memory. Changes are made the way
 * another process would make them (the command line's own connection). PostgreSQL only: the
 * service remembers no token on the embedded database, whose single session does not carry
 * notifications between connections.
 */

let t: TTestDb;
let stop: () => Promise<void>;
let lookups = 0;
let counting: TDb;

const until = async (ok: () => boolean | Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** Another connection, as `vmon` would use. */
async function elsewhere(sql: string, ...params: unknown[]): Promise<void> {
  const c = new pg.Client({ connectionString: t.url });
  await c.connect();
  await c.query(sql, params);
  await c.end();
}

beforeAll(async () => {
  if (!process.env.DATABASE_URL) return;
  t = await openTestDb();
  counting = new Proxy(t.db, {
    get(target, prop, receiver) {
      if (prop === "$queryRawUnsafe") lookups += 1;
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  stop = listenForAuthChanges(t.url, tokenCache);
  await until(() => tokenCache.enabled);
});
afterAll(async () => {
  await stop?.();
  await t?.close();
});

const resolve = (raw: string) => callerFromAuthorization(counting, `Token ${raw}`);

describe.skipIf(!process.env.DATABASE_URL)("remembered API tokens (PostgreSQL)", () => {
  it("resolve from memory after the first lookup", async () => {
    const account = await ensureAccount(t.db, "cache-a@example.com", { plan: "paid" });
    const { raw } = await createApiToken(t.db, account.id);
    // The notifications of the account's and the token's creation arrive shortly after.
    await until(async () => {
      const b = lookups;
      await resolve(raw);
      return lookups === b;
    });
    const before = lookups;
    for (let i = 0; i < 5; i++) expect(await resolve(raw)).toMatchObject({ kind: "token", account: { id: account.id, plan: "paid" } });
    expect(lookups).toBe(before);
  });

  it("stop working as soon as the token is revoked by another process", async () => {
    const account = await ensureAccount(t.db, "cache-b@example.com");
    const { raw } = await createApiToken(t.db, account.id);
    expect((await resolve(raw)).kind).toBe("token");
    expect((await resolve(raw)).kind).toBe("token");
    await revokeApiToken(t.db, raw);
    await until(async () => (await resolve(raw)).kind === "invalid", 2000);
    expect(await resolve(raw)).toEqual({ kind: "invalid", reason: "Token has been revoked." });
  });

  it("follow plan and group changes made elsewhere", async () => {
    const account = await ensureAccount(t.db, "cache-c@example.com", { plan: "free" });
    const { raw } = await createApiToken(t.db, account.id);
    expect(await resolve(raw)).toMatchObject({ account: { plan: "free" } });
    await elsewhere(`UPDATE account SET plan = 'paid' WHERE id = $1`, account.id);
    await until(
      async () => (await resolve(raw)).kind === "token" && ((await resolve(raw)) as { account: { plan: string } }).account.plan === "paid",
      2000,
    );
    await elsewhere(`INSERT INTO account_group (name, limit_override) VALUES ('cached', 7)`);
    await elsewhere(`UPDATE account SET group_id = (SELECT id FROM account_group WHERE name = 'cached') WHERE id = $1`, account.id);
    await resolve(raw);
    await elsewhere(`UPDATE account_group SET limit_override = 9 WHERE name = 'cached'`);
    await until(async () => ((await resolve(raw)) as { account: { groupLimitOverride: number } }).account.groupLimitOverride === 9, 2000);
  });

  it("check the token's own expiry on every use", async () => {
    const account = await ensureAccount(t.db, "cache-d@example.com");
    const { raw } = await createApiToken(t.db, account.id, { expiresAt: new Date(Date.now() + 300) });
    expect((await resolve(raw)).kind).toBe("token");
    await new Promise((r) => setTimeout(r, 350));
    expect(await resolve(raw)).toEqual({ kind: "invalid", reason: "Token has expired." });
  });

  it("look up every request while the listener is disconnected, and remember again once it is back", async () => {
    const account = await ensureAccount(t.db, "cache-e@example.com");
    const { raw } = await createApiToken(t.db, account.id);
    await resolve(raw);
    await elsewhere(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'vmon auth listener'`);
    await until(() => !tokenCache.enabled);
    const before = lookups;
    await resolve(raw);
    await resolve(raw);
    expect(lookups).toBe(before + 2);
    await until(() => tokenCache.enabled);
    await resolve(raw);
    const after = lookups;
    await resolve(raw);
    expect(lookups).toBe(after);
  });

  it("never keep unknown tokens, nor a lookup that overlapped a change", async () => {
    const cache = new TokenCache<string>();
    cache.setListening(true);
    const generation = cache.generation();
    cache.invalidate(); // a change arrives while the lookup runs
    cache.set("h", "stale", generation);
    expect(cache.get("h")).toBeUndefined();
    cache.set("h", "fresh", cache.generation());
    expect(cache.get("h")).toBe("fresh");
    cache.setListening(false);
    expect(cache.get("h")).toBeUndefined();
    cache.set("h", "off", cache.generation());
    expect(cache.get("h")).toBeUndefined();

    const before = lookups;
    for (let i = 0; i < 3; i++) expect((await resolve("vm_unknown_token")).kind).toBe("invalid");
    expect(lookups).toBe(before + 3);
  });
});
