import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { startListener, type TListener } from "../mcp/helpers";
import { authorizationRequest, base, discover, postForm, REDIRECT, registerApp, tokensFor, visitAuthorize } from "./helpers";

/**
 * RFC 8707 audience: an access token is for one protected resource, the one its authorization (or
 * token request) named: `/mcp` accepts API tokens and OAuth tokens issued for `/mcp` only; `/v1`
 * refuses OAuth tokens issued for `/mcp`; a token issued without `resource` is for `/v1`. Both
 * surfaces are reached over HTTP through the service's own server (server/http.ts).
 */

let t: TTestDb;
let as: oauth.AuthorizationServer;
let listener: TListener;
let user: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  t = await openTestDb();
  user = await createAccount(t.db, { plan: "paid" });
  as = await discover();
  listener = await startListener();
});
afterAll(async () => {
  await listener?.close();
  await t?.close();
});

const MCP = () => `${base()}/mcp`;
const V1 = () => `${base()}/v1`;

const onV1 = (token: string) => fetch(`${listener.base}/v1/cards/stages/`, { headers: { authorization: `Bearer ${token}` } });
const onMcp = (token: string) =>
  fetch(`${listener.base}/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });

/** The answer to an invalid token on that surface: 401 authentication_failed and its challenge. */
async function expectRefused(res: Response, surface: "v1" | "mcp") {
  expect(res.status).toBe(401);
  expect(((await res.json()) as { error: string }).error).toBe("authentication_failed");
  expect(res.headers.get("www-authenticate")).toBe(
    `Bearer error="invalid_token", resource_metadata="${base()}/.well-known/oauth-protected-resource/${surface}"`,
  );
}

async function codeFor(app: { id: string }, resources: string[]) {
  const req = await authorizationRequest(as, app.id);
  for (const r of resources) req.url.searchParams.append("resource", r);
  const back = await visitAuthorize(t.db, req.url, user.account.id);
  if (!(back instanceof URL)) throw new Error(String(back));
  return { code: back.searchParams.get("code")!, verifier: req.verifier };
}

function exchange(app: { id: string }, c: { code: string; verifier: string }, resources: string[] = []) {
  const form = new URLSearchParams({
    grant_type: "authorization_code",
    code: c.code,
    code_verifier: c.verifier,
    redirect_uri: REDIRECT,
    client_id: app.id,
  });
  for (const r of resources) form.append("resource", r);
  return postForm("/oauth/token", form.toString());
}

function refresh(app: { id: string }, refreshToken: string, resource?: string) {
  return postForm("/oauth/token", {
    grant_type: "refresh_token",
    refresh_token: refreshToken,
    client_id: app.id,
    ...(resource ? { resource } : {}),
  });
}

describe("using a token", () => {
  it("a token issued for /mcp works on /mcp and is refused on /v1 as an invalid token", async () => {
    const app = await registerApp(t.db);
    const tokens = await tokensFor(t.db, as, app, user.account.id, { resource: MCP() });
    expect((await onMcp(tokens.access_token)).status).toBe(200);
    await expectRefused(await onV1(tokens.access_token), "v1");
    // Nor can it point the account's events at an outside address.
    const hook = await fetch(`${listener.base}/v1/webhooks/`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ url: "https://93.184.215.14/hooks/vm", events: ["saved_filter.cards_matched"] }),
    });
    await expectRefused(hook, "v1");
    expect(await t.db.webhookEndpoint.count({ where: { accountId: user.account.id } })).toBe(0);
  });

  it("a token issued for /v1 works on /v1 and is refused on /mcp with the /mcp resource metadata", async () => {
    const app = await registerApp(t.db);
    const tokens = await tokensFor(t.db, as, app, user.account.id, { resource: V1() });
    expect((await onV1(tokens.access_token)).status).toBe(200);
    await expectRefused(await onMcp(tokens.access_token), "mcp");
  });

  it("a token issued without resource is for /v1 only", async () => {
    const app = await registerApp(t.db);
    const tokens = await tokensFor(t.db, as, app, user.account.id);
    expect((await onV1(tokens.access_token)).status).toBe(200);
    await expectRefused(await onMcp(tokens.access_token), "mcp");
  });

  it("an API token works on both", async () => {
    expect((await onV1(user.token)).status).toBe(200);
    expect((await onMcp(user.token)).status).toBe(200);
  });
});

describe("the token endpoint", () => {
  it("a refresh keeps the resource; naming the same one is fine, another is invalid_target", async () => {
    const app = await registerApp(t.db);
    const first = await exchange(app, await codeFor(app, [MCP()]));
    expect(first.status).toBe(200);
    const other = await refresh(app, first.body.refresh_token as string, V1());
    expect([other.status, other.body.error]).toEqual([400, "invalid_target"]);
    const same = await refresh(app, first.body.refresh_token as string, MCP());
    expect(same.status).toBe(200);
    const kept = await refresh(app, same.body.refresh_token as string);
    expect(kept.status).toBe(200);
    expect((await onMcp(kept.body.access_token as string)).status).toBe(200);
    await expectRefused(await onV1(kept.body.access_token as string), "v1");
  });

  it("a code for /v1 (or for no resource) cannot get a token for /mcp, and stays unused", async () => {
    const app = await registerApp(t.db);
    for (const resources of [[], [V1()]]) {
      const c = await codeFor(app, resources);
      const refused = await exchange(app, c, [MCP()]);
      expect([refused.status, refused.body.error], resources.join()).toEqual([400, "invalid_target"]);
      const ok = await exchange(app, c, [V1()]);
      expect(ok.status).toBe(200);
      expect((await onV1(ok.body.access_token as string)).status).toBe(200);
    }
  });

  it("a code for both resources: the token request names the one its token is for", async () => {
    const app = await registerApp(t.db);
    const c = await codeFor(app, [MCP(), V1()]);
    for (const resources of [[], [MCP(), V1()]]) {
      const refused = await exchange(app, c, resources);
      expect([refused.status, refused.body.error], resources.join()).toEqual([400, "invalid_target"]);
    }
    const forMcp = await exchange(app, c, [MCP()]);
    expect(forMcp.status).toBe(200);
    expect((await onMcp(forMcp.body.access_token as string)).status).toBe(200);
    await expectRefused(await onV1(forMcp.body.access_token as string), "v1");
  });

  it("a spent code or refresh token presented again with another resource still revokes its grant", async () => {
    const app = await registerApp(t.db);
    const c = await codeFor(app, [MCP()]);
    const first = await exchange(app, c);
    expect(first.status).toBe(200);
    const replay = await exchange(app, c, [V1()]);
    expect(replay.body.error).toBe("invalid_grant");
    await expectRefused(await onMcp(first.body.access_token as string), "mcp");

    const second = await exchange(app, await codeFor(app, [MCP()]));
    const rotated = await refresh(app, second.body.refresh_token as string);
    expect(rotated.status).toBe(200);
    expect((await refresh(app, second.body.refresh_token as string, V1())).body.error).toBe("invalid_grant");
    await expectRefused(await onMcp(rotated.body.access_token as string), "mcp");
  });

  it("introspection names the token's audience (aud)", async () => {
    const app = await registerApp(t.db, { confidential: true });
    const tokens = await tokensFor(t.db, as, app, user.account.id, { resource: MCP() });
    const basic = `Basic ${Buffer.from(`${app.id}:${app.secret}`).toString("base64")}`;
    for (const token of [tokens.access_token, tokens.refresh_token!]) {
      const r = await postForm("/oauth/introspect", { token }, { authorization: basic });
      expect(r.body).toMatchObject({ active: true, aud: MCP() });
    }
    const plain = await tokensFor(t.db, as, app, user.account.id);
    expect((await postForm("/oauth/introspect", { token: plain.access_token }, { authorization: basic })).body).toMatchObject({
      aud: V1(),
    });
  });
});
