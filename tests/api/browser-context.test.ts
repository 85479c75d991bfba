import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrowserContext } from "~/server/api/trpc";
import { accountById } from "~/server/auth/caller";
import type { TAccount } from "~/server/domain/access/caller";
import { createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";

/**
 * The one step from a session to a caller (server/api/trpc.ts `createBrowserContext`), used by the
 * /api/trpc endpoint, the workspace's server-side prefetch and the CSV export alike. Which account
 * a session cookie signs in is tests/auth/session.test.ts.
 */

let t: TTestDb;
let account: TAccount;

beforeAll(async () => {
  t = await openTestDb();
  account = (await accountById(t.db, (await createAccount(t.db)).account.id))!;
});
afterAll(async () => {
  await t?.close();
});

describe("createBrowserContext", () => {
  it("makes the session's account the session caller", async () => {
    const ctx = await createBrowserContext(account, { set() {} });
    expect(ctx.transport).toBe("trpc");
    expect(ctx.caller.kind).toBe("session");
    expect(ctx.caller.kind === "session" && ctx.caller.account.id).toBe(account.id);
  });

  it("is anonymous without a session", async () => {
    const ctx = await createBrowserContext(undefined, { set() {} });
    expect(ctx.caller.kind).toBe("anonymous");
  });
});
