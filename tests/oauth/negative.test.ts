import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { revokeClient } from "~/server/auth/oauth/clients";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
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

/** Every refusal of the authorization server, each with the exact RFC error; never a 500. */

let t: TTestDb;
let as: oauth.AuthorizationServer;
let accountId: number;

beforeAll(async () => {
  t = await openTestDb();
  accountId = (await createAccount(t.db)).account.id;
  as = await discover();
});
afterAll(async () => {
  await t?.close();
});

/** Whether an access token still authenticates (token validation needs no scope). */
const works = async (token: string) => (await api("GET", "/token/validate/", { headers: bearer(token) })).status === 200;

/** The code and verifier of an allowed authorization. */
async function codeFor(app: Awaited<ReturnType<typeof registerApp>>, params: Record<string, string> = {}) {
  const req = await authorizationRequest(as, app.id, params);
  const back = await visitAuthorize(t.db, req.url, accountId);
  if (!(back instanceof URL)) throw new Error(String(back));
  return { code: back.searchParams.get("code")!, verifier: req.verifier, back, req };
}

const exchange = (app: { id: string }, code: string, verifier: string, extra: Record<string, string> = {}) =>
  postForm("/oauth/token", {
    grant_type: "authorization_code",
    code,
    code_verifier: verifier,
    redirect_uri: REDIRECT,
    client_id: app.id,
    ...extra,
  });

describe("the authorization endpoint", () => {
  it("refuses plain PKCE and a missing challenge with invalid_request, sent back with state and iss", async () => {
    const app = await registerApp(t.db);
    const cases: Record<string, string>[] = [{ code_challenge_method: "plain" }, { code_challenge: "" }, { code_challenge_method: "" }];
    for (const params of cases) {
      const req = await authorizationRequest(as, app.id, params);
      if (params.code_challenge === "") req.url.searchParams.delete("code_challenge");
      if (params.code_challenge_method === "") req.url.searchParams.delete("code_challenge_method");
      const back = await visitAuthorize(t.db, req.url, accountId);
      if (!(back instanceof URL)) throw new Error(String(back));
      expect(back.searchParams.get("error"), JSON.stringify(params)).toBe("invalid_request");
      expect(back.searchParams.get("state")).toBe(req.state);
      expect(back.searchParams.get("iss")).toBe(base());
      expect(() => oauth.validateAuthResponse(as, app.client, back, req.state)).toThrow(oauth.AuthorizationResponseError);
    }
  });

  it("never redirects to a redirect URI that is not registered, or for an unknown or revoked client", async () => {
    const app = await registerApp(t.db, { redirectUris: ["https://partner.example/cb", REDIRECT] });
    for (const uri of [
      "https://evil.example/cb",
      "https://partner.example/cb/",
      "https://partner.example/cb?x=1",
      "http://localhost/callback",
      "http://127.0.0.1/other",
    ]) {
      const req = await authorizationRequest(as, app.id, { redirect_uri: uri });
      expect(await visitAuthorize(t.db, req.url, accountId), uri).toBe("page: Redirect address not registered");
    }
    const unknown = await authorizationRequest(as, "vmc_nope");
    expect(await visitAuthorize(t.db, unknown.url, accountId)).toBe("page: Unknown application");
    const noRedirect = await authorizationRequest(as, app.id);
    noRedirect.url.searchParams.delete("redirect_uri");
    expect(await visitAuthorize(t.db, noRedirect.url, accountId)).toBe("page: Invalid request"); // two registered: must be named
  });

  it("lets a loopback redirect URI differ in its port only (RFC 8252)", async () => {
    const app = await registerApp(t.db);
    const req = await authorizationRequest(as, app.id, { redirect_uri: "http://127.0.0.1:53412/callback" });
    const back = await visitAuthorize(t.db, req.url, accountId);
    expect(back instanceof URL && back.host).toBe("127.0.0.1:53412");
    const res = await exchange(app, (back as URL).searchParams.get("code")!, req.verifier, {
      redirect_uri: "http://127.0.0.1:53412/callback",
    });
    expect(res.status).toBe(200);
  });

  it("refuses a scope beyond the client's with invalid_scope, and an unknown scope", async () => {
    const app = await registerApp(t.db, { scopes: ["cards:read"] });
    for (const scope of ["cards:read radar:write", "admin", ""]) {
      const back = await visitAuthorize(t.db, (await authorizationRequest(as, app.id, { scope })).url, accountId);
      expect(back instanceof URL && back.searchParams.get("error"), scope).toBe("invalid_scope");
    }
  });

  it("answers Deny with access_denied, and prompt=none without a session with login_required", async () => {
    const app = await registerApp(t.db);
    const req = await authorizationRequest(as, app.id);
    const denied = (await visitAuthorize(t.db, req.url, accountId, "deny")) as URL;
    expect(Object.fromEntries(denied.searchParams)).toMatchObject({ error: "access_denied", state: req.state, iss: base() });
    const silent = await authorizationRequest(as, app.id, { prompt: "none" });
    const back = (await visitAuthorize(t.db, silent.url, undefined)) as URL;
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ error: "login_required", state: silent.state, iss: base() });
  });

  it("refuses repeated parameters, other response types and unknown prompts", async () => {
    const app = await registerApp(t.db);
    const req = await authorizationRequest(as, app.id);
    req.url.searchParams.append("scope", "radar:read");
    expect(((await visitAuthorize(t.db, req.url, accountId)) as URL).searchParams.get("error")).toBe("invalid_request");
    const token = await authorizationRequest(as, app.id, { response_type: "token" });
    expect(((await visitAuthorize(t.db, token.url, accountId)) as URL).searchParams.get("error")).toBe("unsupported_response_type");
    const login = await authorizationRequest(as, app.id, { prompt: "select_account" });
    expect(((await visitAuthorize(t.db, login.url, accountId)) as URL).searchParams.get("error")).toBe("invalid_request");
    const twice = await authorizationRequest(as, app.id);
    twice.url.searchParams.append("client_id", app.id);
    expect(await visitAuthorize(t.db, twice.url, accountId)).toBe("page: Invalid request");
  });
});

describe("the token endpoint", () => {
  it("refuses a wrong verifier with invalid_grant, and the code is spent", async () => {
    const app = await registerApp(t.db);
    const { code, verifier } = await codeFor(app);
    const wrong = await exchange(app, code, oauth.generateRandomCodeVerifier());
    expect([wrong.status, wrong.body.error]).toEqual([400, "invalid_grant"]);
    expect((await exchange(app, code, verifier)).body.error).toBe("invalid_grant");
  });

  it("refuses a reused code with invalid_grant and revokes the tokens it issued", async () => {
    const app = await registerApp(t.db);
    const { code, verifier } = await codeFor(app);
    const first = await exchange(app, code, verifier);
    expect(first.status).toBe(200);
    const access = first.body.access_token as string;
    expect(await works(access)).toBe(true);
    const again = await exchange(app, code, verifier);
    expect([again.status, again.body.error]).toEqual([400, "invalid_grant"]);
    expect(await works(access)).toBe(false);
    const refresh = await postForm("/oauth/token", {
      grant_type: "refresh_token",
      refresh_token: first.body.refresh_token as string,
      client_id: app.id,
    });
    expect(refresh.body.error).toBe("invalid_grant");
  });

  it("refuses an expired code with invalid_grant (codes live 60 s)", async () => {
    const app = await registerApp(t.db);
    const { code, verifier } = await codeFor(app);
    const row = await t.db.oAuthCode.findFirstOrThrow({ where: { clientId: app.id } });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(61_000);
    await t.db.oAuthCode.update({ where: { codeHash: row.codeHash }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const r = await exchange(app, code, verifier);
    expect([r.status, r.body.error]).toEqual([400, "invalid_grant"]);
  });

  it("refuses a code sent with another redirect URI, or by another client, with invalid_grant", async () => {
    const app = await registerApp(t.db, { redirectUris: [REDIRECT, "https://partner.example/cb"] });
    const other = await registerApp(t.db);
    const a = await codeFor(app);
    expect((await exchange(app, a.code, a.verifier, { redirect_uri: "https://partner.example/cb" })).body.error).toBe("invalid_grant");
    const b = await codeFor(app);
    expect((await exchange(other, b.code, b.verifier)).body.error).toBe("invalid_grant");
  });

  it("rotates refresh tokens; a reused one is invalid_grant and revokes the whole grant", async () => {
    const app = await registerApp(t.db);
    const first = await tokensFor(t.db, as, app, accountId);
    const rotate = (token: string) => postForm("/oauth/token", { grant_type: "refresh_token", refresh_token: token, client_id: app.id });
    const second = await rotate(first.refresh_token!);
    expect(second.status).toBe(200);
    const reuse = await rotate(first.refresh_token!);
    expect([reuse.status, reuse.body.error]).toEqual([400, "invalid_grant"]);
    expect(await works(second.body.access_token as string)).toBe(false);
    expect((await rotate(second.body.refresh_token as string)).body.error).toBe("invalid_grant");
  });

  it("refuses everything of a revoked client at once", async () => {
    const app = await registerApp(t.db);
    const tokens = await tokensFor(t.db, as, app, accountId);
    await revokeClient(t.db, app.id);
    expect(await works(tokens.access_token)).toBe(false);
    const r = await postForm("/oauth/token", { grant_type: "refresh_token", refresh_token: tokens.refresh_token!, client_id: app.id });
    expect([r.status, r.body.error]).toEqual([400, "invalid_client"]);
    expect(await visitAuthorize(t.db, (await authorizationRequest(as, app.id)).url, accountId)).toBe("page: Unknown application");
  });

  it.each([
    ["no grant_type", { code: "x" }, "invalid_request"],
    ["the password grant", { grant_type: "password", username: "a", password: "b" }, "unsupported_grant_type"],
    ["client_credentials", { grant_type: "client_credentials" }, "unsupported_grant_type"],
    ["an unknown grant", { grant_type: "urn:example:magic" }, "unsupported_grant_type"],
    [
      "no code",
      { grant_type: "authorization_code", redirect_uri: REDIRECT, code_verifier: "v".repeat(43), client_id: "CLIENT" },
      "invalid_request",
    ],
    [
      "no redirect_uri",
      { grant_type: "authorization_code", code: "x", code_verifier: "v".repeat(43), client_id: "vmc_x" },
      "invalid_request",
    ],
    ["no client", { grant_type: "authorization_code", code: "x", redirect_uri: REDIRECT, code_verifier: "v".repeat(43) }, "invalid_client"],
    ["an unknown client", { grant_type: "refresh_token", refresh_token: "vmr_x", client_id: "vmc_nope" }, "invalid_client"],
    ["no refresh_token", { grant_type: "refresh_token", client_id: "CLIENT" }, "invalid_request"],
    [
      "an unknown code",
      { grant_type: "authorization_code", code: "vmac_x", redirect_uri: REDIRECT, code_verifier: "v".repeat(43), client_id: "CLIENT" },
      "invalid_grant",
    ],
    ["an unknown refresh token", { grant_type: "refresh_token", refresh_token: "vmr_x", client_id: "CLIENT" }, "invalid_grant"],
  ])("answers %s (%o) with the right error", async (_label, form, error) => {
    const { id } = await registerApp(t.db);
    const r = await postForm("/oauth/token", Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v === "CLIENT" ? id : v])));
    expect(r.body.error, JSON.stringify(r.body)).toBe(error);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(typeof r.body.error_description).toBe("string");
  });

  it("refuses malformed requests: a repeated parameter, JSON, a huge body, other methods", async () => {
    const repeated = await postForm("/oauth/token", "grant_type=refresh_token&grant_type=refresh_token&refresh_token=x");
    expect(repeated.body.error).toBe("invalid_request");
    const json = await postForm("/oauth/token", JSON.stringify({ grant_type: "refresh_token" }), { "content-type": "application/json" });
    expect([json.status, json.body.error]).toEqual([400, "invalid_request"]);
    const huge = await postForm("/oauth/token", `grant_type=refresh_token&refresh_token=${"x".repeat(200_000)}`);
    expect([huge.status, huge.body.error]).toEqual([400, "invalid_request"]);
    const get = await serviceFetch(`${base()}/oauth/token`);
    expect([get.status, get.headers.get("allow")]).toEqual([405, "POST"]);
    const badBasic = await postForm("/oauth/token", { grant_type: "refresh_token", refresh_token: "x" }, { authorization: "Basic %%%" });
    expect(badBasic.status).toBeLessThan(500);
  });
});

describe("revocation and introspection", () => {
  it("answer malformed and unauthenticated requests with RFC errors", async () => {
    expect((await postForm("/oauth/revoke", { client_id: "vmc_nope", token: "x" })).body.error).toBe("invalid_client");
    const app = await registerApp(t.db);
    expect((await postForm("/oauth/revoke", { client_id: app.id })).body.error).toBe("invalid_request");
    const unknown = await postForm("/oauth/revoke", { client_id: app.id, token: "vmo_unknown" });
    expect([unknown.status, unknown.body]).toEqual([200, {}]);
    const publicIntrospect = await postForm("/oauth/introspect", { client_id: app.id, token: "x" });
    expect([publicIntrospect.status, publicIntrospect.body.error]).toEqual([401, "invalid_client"]);
  });

  it("never act on another client's token", async () => {
    const mine = await registerApp(t.db, { confidential: true });
    const theirs = await registerApp(t.db, { confidential: true });
    const tokens = await tokensFor(t.db, as, theirs, accountId);
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, mine.client, mine.auth, tokens.access_token, httpOptions));
    expect(await works(tokens.access_token)).toBe(true);
    const info = await oauth.processIntrospectionResponse(
      as,
      mine.client,
      await oauth.introspectionRequest(as, mine.client, mine.auth, tokens.access_token, httpOptions),
    );
    expect(info).toEqual({ active: false });
  });
});

describe("Bearer tokens on /v1", () => {
  it("answer 401 with a challenge naming the protected-resource metadata", async () => {
    const none = await api("GET", "/token/validate/");
    expect(none.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${base()}/.well-known/oauth-protected-resource/v1"`);
    const bad = await api("GET", "/token/validate/", { headers: bearer("vmo_unknown") });
    expect([bad.status, bad.body.error]).toEqual([401, "authentication_failed"]);
    expect(bad.headers.get("www-authenticate")).toContain('error="invalid_token"');
    const asToken = await api("GET", "/token/validate/", { headers: { authorization: "Token vmo_unknown" } });
    expect(asToken.status).toBe(401);
  });

  it("accept API tokens as Bearer too", async () => {
    const { token } = await createAccount(t.db);
    const r = await api("GET", "/token/validate/", { headers: bearer(token) });
    expect([r.status, r.body.data.auth]).toEqual([200, { type: "api_token" }]);
  });

  it("report capabilities limited to the token's scopes", async () => {
    const app = await registerApp(t.db);
    const tokens = await tokensFor(t.db, as, app, accountId, { scope: "participants:read" });
    const caps = (await api("GET", "/token/validate/", { headers: bearer(tokens.access_token) })).body.data.capabilities;
    expect(Object.fromEntries(Object.entries(caps).map(([k, v]) => [k, (v as { allowed: boolean }).allowed]))).toEqual({
      cards: false,
      card_reference_data: false,
      participants: true,
      network_a_profiles: false,
      network_a_collections: false,
      radar: false,
      webhooks: false,
      team: false,
      token: true,
    });
  });
});

describe("dynamic client registration", () => {
  it("is closed unless OAUTH_DYNAMIC_REGISTRATION=1", async () => {
    const res = await serviceFetch(`${base()}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ redirect_uris: [REDIRECT] }),
    });
    expect(res.status).toBe(404);
  });
});
