import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { authorizationRequest, base, bearer, discover, httpOptions, postForm, REDIRECT, registerApp, visitAuthorize } from "./helpers";

/**
 * RFC 8707 resource indicators, as MCP clients send them: `resource` naming one of the protected
 * resources (`<BASE_URL>/mcp`, `<BASE_URL>/v1`) is accepted at the authorization and token
 * endpoints; any other is refused with invalid_target. Which resource a token is then for, and
 * where it works, is audience.test.ts's.
 */

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

const OTHERS = [
  "https://elsewhere.example/mcp",
  "http://localhost:3000/mcp/",
  "http://localhost:3000/",
  "http://localhost:3000/v1#x",
  "mcp",
  "",
];

describe("the authorization endpoint", () => {
  it("accepts the identifier of /mcp or /v1, also both", async () => {
    const app = await registerApp(t.db);
    for (const resources of [[`${base()}/mcp`], [`${base()}/v1`], [`${base()}/mcp`, `${base()}/v1`]]) {
      const req = await authorizationRequest(as, app.id);
      for (const r of resources) req.url.searchParams.append("resource", r);
      const back = await visitAuthorize(t.db, req.url, accountId);
      if (!(back instanceof URL)) throw new Error(String(back));
      expect(back.searchParams.get("code"), resources.join(" ")).toBeTruthy();
    }
  });

  it("refuses any other resource with invalid_target, sent back to the client with state and iss", async () => {
    const app = await registerApp(t.db);
    for (const other of OTHERS) {
      const req = await authorizationRequest(as, app.id);
      req.url.searchParams.append("resource", `${base()}/mcp`);
      req.url.searchParams.append("resource", other);
      const back = await visitAuthorize(t.db, req.url, accountId);
      if (!(back instanceof URL)) throw new Error(String(back));
      expect(back.searchParams.get("error"), other).toBe("invalid_target");
      expect(back.searchParams.get("error_description")).toContain(`use ${base()}/v1 or ${base()}/mcp`);
      expect(back.searchParams.get("state")).toBe(req.state);
      expect(back.searchParams.get("iss")).toBe(base());
      expect(back.searchParams.get("code")).toBeNull();
    }
  });
});

describe("the token endpoint", () => {
  async function code(app: Awaited<ReturnType<typeof registerApp>>) {
    const req = await authorizationRequest(as, app.id, { resource: `${base()}/mcp` });
    const back = await visitAuthorize(t.db, req.url, accountId);
    if (!(back instanceof URL)) throw new Error(String(back));
    return { code: back.searchParams.get("code")!, verifier: req.verifier, back, state: req.state };
  }
  const exchange = (app: { id: string }, c: { code: string; verifier: string }, resource: string | string[]) => {
    const form = new URLSearchParams({
      grant_type: "authorization_code",
      code: c.code,
      code_verifier: c.verifier,
      redirect_uri: REDIRECT,
      client_id: app.id,
    });
    for (const r of [resource].flat()) form.append("resource", r);
    return postForm("/oauth/token", form.toString());
  };

  it("issues tokens for a code and refreshes them with the resource the authorization named", async () => {
    const app = await registerApp(t.db);
    const first = await exchange(app, await code(app), `${base()}/mcp`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ token_type: "Bearer", scope: "cards:read" });
    const refreshed = await postForm("/oauth/token", {
      grant_type: "refresh_token",
      refresh_token: first.body.refresh_token as string,
      client_id: app.id,
      resource: `${base()}/mcp`,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).toBeTruthy();
    const req = await authorizationRequest(as, app.id, { resource: `${base()}/v1` });
    const back = await visitAuthorize(t.db, req.url, accountId);
    if (!(back instanceof URL)) throw new Error(String(back));
    const forV1 = await exchange(app, { code: back.searchParams.get("code")!, verifier: req.verifier }, `${base()}/v1`);
    expect((await api("GET", "/cards/?limit=1", { headers: bearer(forV1.body.access_token as string) })).status).toBe(200);
  });

  it("refuses any other resource with invalid_target (400) and leaves the code unused", async () => {
    const app = await registerApp(t.db);
    const c = await code(app);
    for (const other of OTHERS) {
      const r = await exchange(app, c, [`${base()}/v1`, other]);
      expect(r.status, other).toBe(400);
      expect(r.body.error, other).toBe("invalid_target");
    }
    const refused = await postForm("/oauth/token", {
      grant_type: "refresh_token",
      refresh_token: "vmr_whatever",
      client_id: app.id,
      resource: OTHERS[0]!,
    });
    expect(refused.body.error).toBe("invalid_target");
    expect((await exchange(app, c, `${base()}/mcp`)).status).toBe(200);
  });

  it("the client library's requests with a resource indicator go through", async () => {
    const app = await registerApp(t.db);
    const c = await code(app);
    const callback = oauth.validateAuthResponse(as, app.client, c.back, c.state);
    const res = await oauth.authorizationCodeGrantRequest(as, app.client, app.auth, callback, REDIRECT, c.verifier, {
      ...httpOptions,
      additionalParameters: { resource: `${base()}/mcp` },
    });
    const tokens = await oauth.processAuthorizationCodeResponse(as, app.client, res);
    expect(tokens.access_token).toBeTruthy();
  });
});
