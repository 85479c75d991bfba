import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrowserContext } from "~/server/api/trpc";
import { createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";

/**
 * The one step from a session to a caller (server/api/trpc.ts `createBrowserContext`), used by the
 * /api/trpc endpoint, the workspace's server-side prefetch and the CSV export alike.
 */

let t: TTestDb;
let accountId: number;

beforeAll(async () => {
  t = await openTestDb();
  accountId = (await createAccount(t.db)).account.id;
});
afterAll(async () => {
  await t?.close();
});

describe("createBrowserContext", () => {
  it("turns the session's account id into that account's session caller", async () => {
    const ctx = await createBrowserContext(accountId, { set() {} });
    expect(ctx.transport).toBe("trpc");
    expect(ctx.caller.kind).toBe("session");
    expect(ctx.caller.kind === "session" && ctx.caller.account.id).toBe(accountId);
  });

  it("is anonymous without a session", async () => {
    const ctx = await createBrowserContext(undefined, { set() {} });
    expect(ctx.caller.kind).toBe("anonymous");
  });

  it("is anonymous when the session names an account that no longer exists", async () => {
    const ctx = await createBrowserContext(accountId + 1_000_000, { set() {} });
    expect(ctx.caller.kind).toBe("anonymous");
  });
});
