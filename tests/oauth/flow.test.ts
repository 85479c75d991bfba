import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { seedCards } from "../cards/fixture";
import {
  authorizationRequest,
  base,
  bearer,
  discover,
  httpOptions,
  postForm,
  REDIRECT,
  registerApp,
  serviceFetch,
  tokensFor,
  visitAuthorize,
} from "./helpers";

/** Authorization Code + PKCE end to end with a real client library, and what the tokens can do. */

let t: TTestDb;
let as: oauth.AuthorizationServer;
let alice: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  t = await openTestDb();
  await seedCards(t.db);
  alice = await createAccount(t.db, { plan: "paid" });
  as = await discover();
});
afterAll(async () => {
  await t?.close();
});

describe("metadata", () => {
  it("describes the authorization server (RFC 8414), validated by the client library", () => {
    expect(as).toMatchObject({
      issuer: base(),
      authorization_endpoint: `${base()}/oauth/authorize`,
      token_endpoint: `${base()}/oauth/token`,
      revocation_endpoint: `${base()}/oauth/revoke`,
      introspection_endpoint: `${base()}/oauth/introspect`,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
      authorization_response_iss_parameter_supported: true,
    });
    expect(as.scopes_supported).toEqual([
      "cards:read",
      "participants:read",
      "network_a:read",
      "radar:read",
      "radar:write",
      "webhooks:manage",
      "team:read",
    ]);
    expect(as).not.toHaveProperty("registration_endpoint");
  });

  it.each(["v1", "mcp"])("describes the protected resource /%s (RFC 9728), validated by the client library", async (resource) => {
    const id = new URL(`${base()}/${resource}`);
    const rs = await oauth.processResourceDiscoveryResponse(id, await oauth.resourceDiscoveryRequest(id, httpOptions));
    expect(rs).toMatchObject({ resource: id.href, authorization_servers: [base()], bearer_methods_supported: ["header"] });
  });
});

describe("authorization code with PKCE", () => {
  it("signs in, is allowed, swaps the code, calls /v1, refreshes and revokes", async () => {
    const app = await registerApp(t.db, { name: "Deal Flow Sync" });
    const req = await authorizationRequest(as, app.id, { scope: "cards:read participants:read" });

    // Not signed in: sent to sign-in.
    expect(await visitAuthorize(t.db, req.url, undefined)).toBe("/signin");
    // Signed in, asked for consent, allowed: back to the client with the code, the state and iss.
    const back = await visitAuthorize(t.db, req.url, alice.account.id, "allow");
    if (!(back instanceof URL)) throw new Error(String(back));
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get("iss")).toBe(base());
    const params = oauth.validateAuthResponse(as, app.client, back, req.state);

    const res = await oauth.authorizationCodeGrantRequest(as, app.client, app.auth, params, REDIRECT, req.verifier, httpOptions);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const tokens = await oauth.processAuthorizationCodeResponse(as, app.client, res);
    expect(tokens).toMatchObject({ token_type: "bearer", expires_in: 3600, scope: "cards:read participants:read" });
    expect(tokens.access_token).toMatch(/^vmo_/);
    expect(tokens.refresh_token).toMatch(/^vmr_/);

    // The access token reaches /v1 as the account, with the same quota headers.
    const cards = await api("GET", "/cards/?limit=2", { headers: bearer(tokens.access_token) });
    expect(cards.status).toBe(200);
    expect(cards.body.data).toHaveLength(2);
    expect(cards.headers.get("x-ratelimit-limit")).toBe("500");
    const validate = await api("GET", "/token/validate/", { headers: bearer(tokens.access_token) });
    expect(validate.body.data.auth).toEqual({
      type: "oauth",
      client_id: app.id,
      client_name: "Deal Flow Sync",
      scopes: ["cards:read", "participants:read"],
      expires_at: expect.stringMatching(/Z$/),
    });
    expect(validate.body.data.access.used).toBe(2); // counted on the consenting account

    // Refresh: a new pair; the old access token keeps working until it expires.
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      app.client,
      await oauth.refreshTokenGrantRequest(as, app.client, app.auth, tokens.refresh_token!, httpOptions),
    );
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await api("GET", "/cards/?limit=1", { headers: bearer(refreshed.access_token) })).status).toBe(200);

    // Revoke (RFC 7009): the refresh token takes its grant, both access tokens with it.
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, app.client, app.auth, refreshed.refresh_token!, httpOptions));
    for (const token of [tokens.access_token, refreshed.access_token]) {
      const r = await api("GET", "/cards/", { headers: bearer(token) });
      expect([r.status, r.body.error]).toEqual([401, "authentication_failed"]);
    }
  });

  it("remembers consent: the second authorization answers at once, unless prompt=consent", async () => {
    const app = await registerApp(t.db);
    await tokensFor(t.db, as, app, alice.account.id);
    const again = await authorizationRequest(as, app.id);
    const back = await visitAuthorize(t.db, again.url, alice.account.id, "deny"); // no page: the answer is not asked
    expect(back instanceof URL && back.searchParams.get("code")).toBeTruthy();
    const forced = await authorizationRequest(as, app.id, { prompt: "consent" });
    const denied = await visitAuthorize(t.db, forced.url, alice.account.id, "deny");
    expect(denied instanceof URL && denied.searchParams.get("error")).toBe("access_denied");
    // More scopes than allowed before: asked again.
    const more = await authorizationRequest(as, app.id, { scope: "cards:read radar:read", prompt: "none" });
    const none = await visitAuthorize(t.db, more.url, alice.account.id);
    expect(none instanceof URL && none.searchParams.get("error")).toBe("consent_required");
  });

  it("lets a confidential client authenticate with client_secret_basic and client_secret_post, and introspect", async () => {
    const app = await registerApp(t.db, { confidential: true });
    expect(app.secret).toMatch(/^vmcs_/);
    const tokens = await tokensFor(t.db, as, app, alice.account.id);
    const post = { ...app, auth: oauth.ClientSecretPost(app.secret!) };
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      post.client,
      await oauth.refreshTokenGrantRequest(as, post.client, post.auth, tokens.refresh_token!, httpOptions),
    );
    const info = await oauth.processIntrospectionResponse(
      as,
      app.client,
      await oauth.introspectionRequest(as, app.client, app.auth, refreshed.access_token, httpOptions),
    );
    expect(info).toMatchObject({ active: true, client_id: app.id, scope: "cards:read", sub: String(alice.account.id), iss: base() });
    const spent = await oauth.processIntrospectionResponse(
      as,
      app.client,
      await oauth.introspectionRequest(as, app.client, app.auth, tokens.refresh_token!, httpOptions),
    );
    expect(spent.active).toBe(false); // rotated out
    // Without its secret (or with a wrong one), the confidential client is refused.
    const refresh = { grant_type: "refresh_token", refresh_token: refreshed.refresh_token! };
    expect((await postForm("/oauth/token", { ...refresh, client_id: app.id })).body.error).toBe("invalid_client");
    expect((await postForm("/oauth/token", { ...refresh, client_id: app.id, client_secret: "vmcs_wrong" })).body.error).toBe(
      "invalid_client",
    );
  });

  it("stores every code and token as a hash", async () => {
    const app = await registerApp(t.db, { confidential: true });
    const tokens = await tokensFor(t.db, as, app, alice.account.id);
    const rows = JSON.stringify([await t.db.oAuthToken.findMany(), await t.db.oAuthCode.findMany(), await t.db.oAuthClient.findMany()]);
    for (const secret of [tokens.access_token, tokens.refresh_token!, app.secret!]) expect(rows).not.toContain(secret);
  });

  it("serves the metadata and the token endpoint to any origin (CORS) but not the authorization page", async () => {
    const res = await serviceFetch(`${base()}/.well-known/oauth-authorization-server`);
    expect(res.status).toBe(200);
    const { isCorsPath } = await import("~/server/lib/cors");
    for (const path of ["/v1/cards/", "/oauth/token", "/oauth/revoke", "/.well-known/oauth-authorization-server", "/mcp"])
      expect(isCorsPath(path), path).toBe(true);
    for (const path of ["/oauth/authorize", "/oauth/consent", "/oauth/introspect", "/api/trpc/x", "/cards", "/settings/apps"])
      expect(isCorsPath(path), path).toBe(false);
  });
});
