import * as oauth from "oauth4webapi";
import { handleRest } from "~/server/api/rest/handler";
import { checkAuthorizeRequest, decide, nextStep } from "~/server/auth/oauth/authorize";
import { createClient } from "~/server/auth/oauth/clients";
import { handleOAuthEndpoint, isOAuthEndpoint } from "~/server/auth/oauth/http";
import type { TDb } from "~/server/db/client";
import { env } from "~/server/env";

/**
 * OAuth tests drive the authorization server with a real client library (oauth4webapi), whose
 * requests reach the service's own handlers in process: the OAuth endpoints and /v1. The
 * authorization step (a browser page) is played by calling what the page calls, as a signed-in
 * account; the Playwright test (e2e/oauth.spec.ts) does it through the real pages.
 */

export const base = () => env().BASE_URL;

export async function serviceFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const req = new Request(input, init);
  const path = new URL(req.url).pathname;
  if (path.startsWith("/v1/")) return handleRest(req, "/v1");
  if (isOAuthEndpoint(path)) return handleOAuthEndpoint(req);
  throw new Error(`serviceFetch: no handler for ${path}`);
}

export const httpOptions = { [oauth.customFetch]: serviceFetch, [oauth.allowInsecureRequests]: true } as const;

/** The authorization server's metadata, discovered and checked as RFC 8414 says. */
export async function discover(): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(base());
  return oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...httpOptions }));
}

export const REDIRECT = "http://127.0.0.1/callback";

export async function registerApp(
  db: TDb,
  opts: { confidential?: boolean; scopes?: string[]; redirectUris?: string[]; name?: string } = {},
) {
  const { client, secret } = await createClient(db, {
    name: opts.name ?? "Partner App",
    redirectUris: opts.redirectUris ?? [REDIRECT],
    confidential: opts.confidential ?? false,
    scopes: opts.scopes,
  });
  const c: oauth.Client = { client_id: client.id };
  const auth = secret ? oauth.ClientSecretBasic(secret) : oauth.None();
  return { client: c, id: client.id, secret, auth };
}

export interface TAuthRequest {
  url: URL;
  verifier: string;
  state: string;
}

/** An authorization request URL as the client library builds it (PKCE S256 and a state). */
export async function authorizationRequest(
  as: oauth.AuthorizationServer,
  clientId: string,
  params: Record<string, string> = {},
): Promise<TAuthRequest> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.searchParams.set("client_id", clientId);
  url.searchParams.set("redirect_uri", REDIRECT);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", "cards:read");
  url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set("code_challenge_method", "S256");
  url.searchParams.set("state", state);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return { url, verifier, state };
}

/**
 * What the authorization endpoint does for this request with `accountId` signed in (undefined:
 * nobody), answering the consent page with `answer`: the URL the browser is sent to.
 */
export async function visitAuthorize(
  db: TDb,
  url: URL,
  accountId: number | undefined,
  answer: "allow" | "deny" = "allow",
): Promise<URL | string> {
  const check = await checkAuthorizeRequest(db, url.searchParams);
  if (check.kind === "page") return `page: ${check.title}`;
  if (check.kind === "redirect") return new URL(check.location);
  const step = await nextStep(db, accountId, check.request, "/signin");
  if (step.kind === "redirect") return step.location.startsWith("/") ? step.location : new URL(step.location);
  return new URL(await decide(db, accountId!, step.request, answer === "allow"));
}

/** The whole flow for an account: authorization, then the code exchanged for tokens. */
export async function tokensFor(
  db: TDb,
  as: oauth.AuthorizationServer,
  app: Awaited<ReturnType<typeof registerApp>>,
  accountId: number,
  params: Record<string, string> = {},
) {
  const req = await authorizationRequest(as, app.id, params);
  const back = await visitAuthorize(db, req.url, accountId);
  if (!(back instanceof URL)) throw new Error(`no redirect to the client: ${back}`);
  const callback = oauth.validateAuthResponse(as, app.client, back, req.state);
  const res = await oauth.authorizationCodeGrantRequest(as, app.client, app.auth, callback, REDIRECT, req.verifier, httpOptions);
  return oauth.processAuthorizationCodeResponse(as, app.client, res);
}

/** A form POST to an OAuth endpoint, bypassing the client library (for malformed requests). */
export async function postForm(path: string, body: string | Record<string, string>, headers: Record<string, string> = {}) {
  const res = await serviceFetch(`${base()}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: typeof body === "string" ? body : new URLSearchParams(body).toString(),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
