import { expect, test } from "@playwright/test";
import * as oauth from "oauth4webapi";
import { insecure, loopback, signInIfAsked } from "./oauth-app";
import { vmon } from "./support";

/**
 * A partner app's whole journey against the started server, with a real OAuth client library:
 * discovery, the authorization page in Chromium (sign in, Allow), the loopback redirect caught by a
 * local listener, the code exchanged, /v1 called with the access token, a refresh, a revocation.
 */

function registerPublicApp(name: string): string {
  const r = vmon([
    "oauth-clients",
    "create",
    "--name",
    name,
    "--redirect-uri",
    "http://127.0.0.1/callback",
    "--public",
    "--scopes",
    "cards:read",
    "--json",
  ]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout).client_id as string;
}

test("a partner app signs in with Authorization Code + PKCE and uses /v1", async ({ page, baseURL }) => {
  const issuer = new URL(baseURL!);
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }));
  const client: oauth.Client = { client_id: registerPublicApp("E2E Deal Flow") };
  const redirect = await loopback();
  try {
    const redirectUri = `http://127.0.0.1:${redirect.port}/callback`;
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint!);
    for (const [k, v] of Object.entries({
      client_id: client.client_id,
      redirect_uri: redirectUri,
      response_type: "code",
      scope: "cards:read",
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    })) {
      url.searchParams.set(k, v);
    }

    const arrived = redirect.next();
    const consent = await page.goto(url.href);
    expect(consent?.status()).toBe(200);
    await signInIfAsked(page);
    await expect(page.getByRole("heading", { name: /Allow E2E Deal Flow/ })).toBeVisible();
    await expect(page.getByText(`you go back to 127.0.0.1:${redirect.port}`, { exact: false })).toBeVisible();
    await expect(page.getByText("Read cards (startups)", { exact: false })).toBeVisible();
    await page.getByRole("button", { name: "Allow" }).click();
    const callback = await arrived;

    const params = oauth.validateAuthResponse(as, client, callback, state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirectUri, verifier, insecure),
    );
    const cards = await fetch(new URL("/v1/cards/?limit=3", baseURL), { headers: { Authorization: `Bearer ${tokens.access_token}` } });
    expect(cards.status).toBe(200);
    expect(cards.headers.get("x-ratelimit-remaining")).not.toBeNull();
    expect(((await cards.json()) as { data: unknown[] }).data).toHaveLength(3);
    const radar = await fetch(new URL("/v1/radar/quota/", baseURL), { headers: { Authorization: `Bearer ${tokens.access_token}` } });
    expect(radar.status).toBe(403);
    expect(radar.headers.get("www-authenticate")).toBe('Bearer error="insufficient_scope", scope="radar:read"');

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure),
    );
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.None(), refreshed.refresh_token!, insecure));
    const after = await fetch(new URL("/v1/cards/", baseURL), { headers: { Authorization: `Bearer ${refreshed.access_token}` } });
    expect(after.status).toBe(401);
    expect(after.headers.get("www-authenticate")).toContain("resource_metadata=");
  } finally {
    redirect.server.close();
  }
});

test("Deny sends access_denied back; connected apps lists an allowed app and Revoke ends its tokens", async ({ page, baseURL }) => {
  const issuer = new URL(baseURL!);
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }));
  const client: oauth.Client = { client_id: registerPublicApp("E2E Research Agent") };
  const redirect = await loopback();
  try {
    const redirectUri = `http://127.0.0.1:${redirect.port}/callback`;
    const start = async (verifier: string) => {
      const url = new URL(as.authorization_endpoint!);
      url.search = new URLSearchParams({
        client_id: client.client_id,
        redirect_uri: redirectUri,
        response_type: "code",
        scope: "cards:read",
        state: "s1",
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
      }).toString();
      return url;
    };
    const verifier = oauth.generateRandomCodeVerifier();
    let arrived = redirect.next();
    await page.goto((await start(verifier)).href);
    await signInIfAsked(page);
    await page.getByRole("button", { name: "Deny" }).click();
    const denied = await arrived;
    expect(Object.fromEntries(denied.searchParams)).toMatchObject({
      error: "access_denied",
      state: "s1",
      iss: issuer.href.replace(/\/$/, ""),
    });

    arrived = redirect.next();
    await page.goto((await start(verifier)).href);
    await page.getByRole("button", { name: "Allow" }).click();
    const params = oauth.validateAuthResponse(as, client, await arrived, "s1");
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirectUri, verifier, insecure),
    );
    const call = () => fetch(new URL("/v1/cards/stages/", baseURL), { headers: { Authorization: `Bearer ${tokens.access_token}` } });
    expect((await call()).status).toBe(200);

    await page.goto("/settings/apps");
    const row = page.getByRole("row", { name: /E2E Research Agent/ });
    await expect(row).toContainText("cards:read");
    await row.getByRole("button", { name: "Revoke E2E Research Agent" }).click();
    await expect(page.getByRole("row", { name: /E2E Research Agent/ })).toHaveCount(0);
    expect((await call()).status).toBe(401);
  } finally {
    redirect.server.close();
  }
});

test("the consent page cannot be framed, and the decision needs the page's CSRF token", async ({ page, request }) => {
  const clientId = registerPublicApp("E2E Framing Check");
  const verifier = oauth.generateRandomCodeVerifier();
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: "http://127.0.0.1/callback",
    response_type: "code",
    scope: "cards:read",
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  });
  await page.goto(`/oauth/authorize?${query}`);
  await signInIfAsked(page);
  await expect(page.getByRole("button", { name: "Allow" })).toBeVisible();
  const consent = await request.get(`/oauth/consent?${query}`, {
    headers: { cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ") },
  });
  expect(consent.headers()["x-frame-options"]).toBe("DENY");
  const forged = await page.request.post("/oauth/authorize/decision", {
    form: { request: query.toString(), csrf: "1.forged", decision: "allow" },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(400);
  expect(forged.headers()["location"]).toBeUndefined();
});

test("an app that leaves out redirect_uri (it has one registered) gets both Deny and Allow back on it", async ({ page, baseURL }) => {
  const issuer = new URL(baseURL!);
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }));
  const redirect = await loopback();
  try {
    const redirectUri = `http://127.0.0.1:${redirect.port}/callback`;
    const r = vmon([
      "oauth-clients",
      "create",
      "--name",
      "E2E One Redirect",
      "--redirect-uri",
      redirectUri,
      "--public",
      "--scopes",
      "cards:read",
      "--json",
    ]);
    expect(r.code, r.stderr).toBe(0);
    const client: oauth.Client = { client_id: JSON.parse(r.stdout).client_id as string };
    const verifier = oauth.generateRandomCodeVerifier();
    const start = async (state: string) => {
      const url = new URL(as.authorization_endpoint!);
      url.search = new URLSearchParams({
        client_id: client.client_id,
        response_type: "code",
        scope: "cards:read",
        state,
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
      }).toString();
      return url.href;
    };

    let arrived = redirect.next();
    await page.goto(await start("deny"));
    await signInIfAsked(page);
    await expect(page.getByText(`you go back to 127.0.0.1:${redirect.port}`, { exact: false })).toBeVisible();
    await page.getByRole("button", { name: "Deny" }).click();
    expect(Object.fromEntries((await arrived).searchParams)).toMatchObject({ error: "access_denied", state: "deny" });

    arrived = redirect.next();
    await page.goto(await start("allow"));
    await page.getByRole("button", { name: "Allow" }).click();
    const params = oauth.validateAuthResponse(as, client, await arrived, "allow");
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirectUri, verifier, insecure),
    );
    const cards = await fetch(new URL("/v1/cards/stages/", baseURL), { headers: { Authorization: `Bearer ${tokens.access_token}` } });
    expect(cards.status).toBe(200);
  } finally {
    redirect.server.close();
  }
});

test("a self-registered app is shown as an unverified app, with the host it returns to", async ({ page, baseURL }) => {
  const redirect = await loopback();
  try {
    const redirectUri = `http://127.0.0.1:${redirect.port}/callback`;
    const registered = await fetch(new URL("/oauth/register", baseURL), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Venture Monitor Official", redirect_uris: [redirectUri], scope: "cards:read radar:read" }),
    });
    expect(registered.status).toBe(201);
    const { client_id } = (await registered.json()) as { client_id: string };
    const query = new URLSearchParams({
      client_id,
      redirect_uri: redirectUri,
      response_type: "code",
      scope: "cards:read",
      state: "u",
      code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
      code_challenge_method: "S256",
    });
    await page.goto(`/oauth/authorize?${query}`);
    await signInIfAsked(page);
    const note = page.getByRole("note", { name: "Unverified app" });
    await expect(note).toContainText("This app registered itself");
    await expect(note).toContainText("“Venture Monitor Official” is the name it gave itself");
    await expect(note).toContainText(`It will send you back to 127.0.0.1:${redirect.port}`);
    // Only what the request named: radar:read was registered but not asked for.
    await expect(page.getByText("(cards:read)")).toBeVisible();
    await expect(page.getByText("(radar:read)")).toHaveCount(0);
    const arrived = redirect.next();
    await page.getByRole("button", { name: "Deny" }).click();
    expect((await arrived).searchParams.get("error")).toBe("access_denied");
  } finally {
    redirect.server.close();
  }
});
