import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserUser, failure, type TBrowserUser } from "../helpers/trpc";

/** The account area's procedures (/settings/tokens, /settings/usage): each account sees only its own. */

let t: TTestDb;
let a: TBrowserUser;
let b: TBrowserUser;
beforeAll(async () => {
  t = await openTestDb();
  a = await browserUser(t.db);
  b = await browserUser(t.db);
});
afterAll(async () => {
  await t?.close();
});

describe("tokens", () => {
  it("creates a token shown once, usable against /v1, listed with last use, revoked to 401", async () => {
    const created = await a.ui.account.tokens.create({ name: "ci" });
    expect(created.token).toMatch(/\S{20,}/);
    expect(created.item).toMatchObject({ name: "ci", status: "active", last_used_at: null });
    expect(JSON.stringify(await a.ui.account.tokens.list())).not.toContain(created.token);

    expect((await api("GET", "/token/validate/", { token: created.token })).status).toBe(200);
    await expect
      .poll(async () => (await a.ui.account.tokens.list()).find((x) => x.id === created.item.id)?.last_used_at)
      .toEqual(expect.any(String));

    const revoked = await a.ui.account.tokens.revoke({ id: created.item.id });
    expect(revoked.status).toBe("revoked");
    expect((await api("GET", "/token/validate/", { token: created.token })).status).toBe(401);
  });

  it("never lists, nor revokes, another account's tokens", async () => {
    const created = await a.ui.account.tokens.create({ name: "private" });
    const seenByB = await b.ui.account.tokens.list();
    expect(seenByB.map((x) => x.id)).not.toContain(created.item.id);
    expect(seenByB.map((x) => x.id)).toEqual([b.tokenId]);
    expect(await failure(b.ui.account.tokens.revoke({ id: created.item.id }))).toBe("not_found");
    expect((await a.ui.account.tokens.list()).find((x) => x.id === created.item.id)?.status).toBe("active");
  });
});

describe("usage", () => {
  it("reports plan, quota, reset and 30 zero-filled days that follow the account's own REST calls", async () => {
    const before = await a.ui.account.usage();
    expect(before.days).toHaveLength(30);
    expect(before).toMatchObject({ plan: "paid", limit: 500, period: "daily" });
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(before.reset_at).toBe(midnight.toISOString());

    const bBefore = await b.ui.account.usage();
    for (let i = 0; i < 3; i++) await api("GET", "/token/validate/", { token: a.token });
    const after = await a.ui.account.usage();
    expect(after.used).toBe((before.used ?? 0) + 3);
    expect(after.remaining).toBe((before.remaining ?? 0) - 3);
    expect(after.days[29]!.requests).toBe(before.days[29]!.requests + 3);

    // The other account's figures do not move.
    expect(await b.ui.account.usage()).toEqual(bBefore);
  });

  it("does not count the browser's own calls", async () => {
    const first = await b.ui.account.usage();
    await b.ui.account.tokens.list();
    expect((await b.ui.account.usage()).days[29]!.requests).toBe(first.days[29]!.requests);
  });
});
