import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserCaller } from "../helpers/trpc";
import { authorizationRequest, bearer, discover, postForm, REDIRECT, registerApp, tokensFor, visitAuthorize } from "./helpers";

/**
 * Disconnecting an app on Settings → Connected apps ends everything the account gave it at once:
 * its tokens, the codes it has not exchanged yet, and the remembered consent.
 */

let t: TTestDb;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  t = await openTestDb();
  as = await discover();
});
afterAll(async () => {
  await t?.close();
});

async function codeFor(app: { id: string }, accountId: number) {
  const req = await authorizationRequest(as, app.id);
  const back = await visitAuthorize(t.db, req.url, accountId);
  if (!(back instanceof URL)) throw new Error(String(back));
  return { code: back.searchParams.get("code")!, verifier: req.verifier };
}

const exchange = (app: { id: string }, c: { code: string; verifier: string }) =>
  postForm("/oauth/token", {
    grant_type: "authorization_code",
    code: c.code,
    code_verifier: c.verifier,
    redirect_uri: REDIRECT,
    client_id: app.id,
  });

describe("disconnecting an app", () => {
  it("voids a code issued just before: exchanging it afterwards is invalid_grant", async () => {
    const { account } = await createAccount(t.db);
    const app = await registerApp(t.db, { name: "Pending Code App" });
    const tokens = await tokensFor(t.db, as, app, account.id);
    const pending = await codeFor(app, account.id); // consent remembered: a code at once

    await (await browserCaller(t.db, account.id)).account.apps.revoke({ client_id: app.id });

    const late = await exchange(app, pending);
    expect([late.status, late.body.error]).toEqual([400, "invalid_grant"]);
    expect((await api("GET", "/cards/stages/", { headers: bearer(tokens.access_token) })).status).toBe(401);
    // The consent is gone too: the next authorization asks the user again.
    const again = await authorizationRequest(as, app.id, { prompt: "none" });
    const back = await visitAuthorize(t.db, again.url, account.id);
    if (!(back instanceof URL)) throw new Error(String(back));
    expect(back.searchParams.get("error")).toBe("consent_required");
  });

  it("voids only that account's codes for that app", async () => {
    const alice = (await createAccount(t.db)).account;
    const bob = (await createAccount(t.db)).account;
    const app = await registerApp(t.db, { name: "Shared App" });
    const other = await registerApp(t.db, { name: "Other App" });
    const alicePending = await codeFor(app, alice.id);
    const bobPending = await codeFor(app, bob.id);
    const aliceOther = await codeFor(other, alice.id);

    await (await browserCaller(t.db, alice.id)).account.apps.revoke({ client_id: app.id });

    expect((await exchange(app, alicePending)).body.error).toBe("invalid_grant");
    expect((await exchange(app, bobPending)).status).toBe(200);
    expect((await exchange(other, aliceOther)).status).toBe(200);
  });
});
