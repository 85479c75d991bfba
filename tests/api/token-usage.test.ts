import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "~/server/domain/accounts/api-tokens";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserCaller } from "../helpers/trpc";

/** The usage page's requests per token: each counted request is counted for the token it was made with. */

let t: TTestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t?.close();
});

describe("requests per token", () => {
  it("counts each API token's requests (refused ones not), lists unused tokens with none, and agrees with the account's days", async () => {
    const { account, token, tokenId } = await createAccount(t.db, { limit: 4 });
    const second = await createApiToken(t.db, account.id, { name: "notebook" });
    await createApiToken(t.db, account.id, { name: "unused" });
    for (let i = 0; i < 3; i++) expect((await api("GET", "/token/validate/", { token })).status).toBe(200);
    expect((await api("GET", "/token/validate/", { token: second.raw })).status).toBe(200);
    // The quota is used up: a refused request counts for no one.
    expect((await api("GET", "/token/validate/", { token: second.raw })).status).toBe(429);

    const usage = await (await browserCaller(t.db, account.id)).account.usage();
    expect(usage.tokens.map((x) => [x.id, x.requests])).toEqual([
      [tokenId, 3],
      [second.token.id, 1],
      [expect.any(Number), 0],
    ]);
    expect(usage.tokens[2]).toMatchObject({ name: "unused", last_used_at: null });
    expect(usage.days.at(-1)!.requests).toBe(4);
  });
});
