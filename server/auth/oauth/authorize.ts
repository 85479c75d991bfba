import OAuth2Server from "@node-oauth/oauth2-server";
import type { TDb } from "~/server/db/client";
import { activeClient, redirectUriMatches, type TClient } from "./clients";
import { invalidTarget, issuer, namedResources, type TProtectedResource } from "./resources";
import { newGrantUser } from "./model";
import type { TOAuthScope } from "~/server/domain/access/scopes";
import { formatScopes, parseScopes } from "./scopes";
import { oauthServer } from "./server";

/**
 * The authorization endpoint's logic (RFC 6749 §4.1, RFC 7636, RFC 9207): checking a request, and
 * deciding what the visitor sees next. Errors about the client or its redirect URI are shown on an
 * error page and never sent to the redirect URI (it cannot be trusted); every other error goes back
 * to the client with `error`, `state` and `iss`.
 */

export interface TAuthorizeRequest {
  client: TClient;
  redirectUri: string;
  scopes: TOAuthScope[];
  state: string | undefined;
  codeChallenge: string;
  prompt: "none" | "consent" | undefined;
  /** The protected resources the request named (RFC 8707); none: the token will be for /v1. */
  resources: TProtectedResource[];
}

export type TAuthorizeCheck =
  { kind: "page"; title: string; message: string } | { kind: "redirect"; location: string } | { kind: "ok"; request: TAuthorizeRequest };

/** What the visitor gets next: a redirect (to the client, to sign-in) or the consent page. */
export type TAuthorizeStep = { kind: "redirect"; location: string } | { kind: "consent"; request: TAuthorizeRequest };

const SINGLE = ["response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method", "prompt"];
/** RFC 7636 §4.2: BASE64URL(SHA256(verifier)), 43 characters; up to 128 for other methods' values. */
const CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

/** `uri` with the given query parameters added (its own query kept), `iss` always among them. */
function clientRedirect(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [k, v] of Object.entries({ ...params, iss: issuer() })) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

const errorTo = (redirectUri: string, state: string | undefined, error: string, description: string): TAuthorizeCheck => ({
  kind: "redirect",
  location: clientRedirect(redirectUri, { error, error_description: description, state }),
});

export async function checkAuthorizeRequest(db: TDb, query: URLSearchParams): Promise<TAuthorizeCheck> {
  const p = (name: string) => query.get(name) ?? undefined;
  const repeated = SINGLE.filter((name) => query.getAll(name).length > 1);
  const clientId = p("client_id");
  if (repeated.includes("client_id") || repeated.includes("redirect_uri")) {
    return { kind: "page", title: "Invalid request", message: "The request names its application or its redirect address more than once." };
  }
  if (!clientId)
    return { kind: "page", title: "Invalid request", message: "The request does not name an application (client_id is missing)." };
  const client = await activeClient(db, clientId);
  if (!client) {
    return {
      kind: "page",
      title: "Unknown application",
      message: "No application is registered with this client_id, or it has been revoked.",
    };
  }
  const asked = p("redirect_uri");
  if (asked === undefined && client.redirectUris.length !== 1) {
    return { kind: "page", title: "Invalid request", message: "The request must give redirect_uri: the application has several." };
  }
  const redirectUri = asked ?? client.redirectUris[0]!;
  if (!redirectUriMatches(client.redirectUris, redirectUri)) {
    return {
      kind: "page",
      title: "Redirect address not registered",
      message: `${client.name} asked to send you back to an address it has not registered. Nothing was sent to it.`,
    };
  }

  const state = p("state");
  const fail = (error: string, description: string) => errorTo(redirectUri, state, error, description);
  if (repeated.length) return fail("invalid_request", `The parameter '${repeated[0]}' is given more than once.`);
  if (state !== undefined && (state.length > 1000 || !/^[\x20-\x7E]*$/.test(state))) {
    return fail("invalid_request", "state must be at most 1000 printable ASCII characters.");
  }
  const responseType = p("response_type");
  if (responseType === undefined) return fail("invalid_request", "response_type is missing.");
  if (responseType !== "code") return fail("unsupported_response_type", "Only response_type=code is supported.");
  const challenge = p("code_challenge");
  const method = p("code_challenge_method");
  if (challenge === undefined) return fail("invalid_request", "code_challenge is required (PKCE with S256).");
  if (method !== "S256") return fail("invalid_request", "code_challenge_method must be S256.");
  if (!CHALLENGE.test(challenge)) return fail("invalid_request", "code_challenge is not a valid S256 challenge.");
  const target = invalidTarget(query.getAll("resource"));
  if (target) return fail("invalid_target", target);
  const prompt = p("prompt");
  if (prompt !== undefined && prompt !== "none" && prompt !== "consent") return fail("invalid_request", "prompt must be none or consent.");
  // A self-registered app gets only what its request names: no default scopes (docs/oauth.md).
  if (p("scope") === undefined && client.dynamic)
    return fail("invalid_scope", "An application that registered itself must name the scopes it asks for.");
  const scopes = parseScopes(p("scope") ?? formatScopes(client.scopes));
  if (!scopes || scopes.length === 0) return fail("invalid_scope", "The scope is empty or names an unknown scope.");
  const beyond = scopes.filter((s) => !client.scopes.includes(s));
  if (beyond.length) return fail("invalid_scope", `The application may not ask for: ${beyond.join(", ")}.`);
  const resources = namedResources(query.getAll("resource"));
  return { kind: "ok", request: { client, redirectUri, scopes, state, codeChallenge: challenge, prompt, resources } };
}

/**
 * The consent page's query: the request as the client sent it, with the redirect URI it resolved to
 * (the client's only registered one when it left `redirect_uri` out). The page's form-action
 * (proxy.ts) is built from that parameter: the browser checks the redirect that answers Allow or
 * Deny against it, so it must name where the answer really goes.
 */
export function consentQuery(query: URLSearchParams, request: TAuthorizeRequest): URLSearchParams {
  const q = new URLSearchParams(query);
  q.set("redirect_uri", request.redirectUri);
  return q;
}

/** Whether the account already allowed every scope the request asks for. */
async function hasConsent(db: TDb, accountId: number, request: TAuthorizeRequest): Promise<boolean> {
  const consent = await db.oAuthConsent.findUnique({ where: { accountId_clientId: { accountId, clientId: request.client.id } } });
  return !!consent && request.scopes.every((s) => consent.scopes.includes(s));
}

/** Remembers what the account allowed (added to what it allowed before). */
async function saveConsent(db: TDb, accountId: number, clientId: string, scopes: readonly string[]): Promise<void> {
  const before = await db.oAuthConsent.findUnique({ where: { accountId_clientId: { accountId, clientId } } });
  const all = formatScopes([...new Set([...(before?.scopes ?? []), ...scopes])]).split(" ");
  await db.oAuthConsent.upsert({
    where: { accountId_clientId: { accountId, clientId } },
    create: { accountId, clientId, scopes: all },
    update: { scopes: all },
  });
}

/**
 * The next step for a checked request: `signInUrl` when nobody is signed in, the client with a code
 * when the account already allowed these scopes, otherwise the consent page. `prompt=none` never
 * shows a page: it answers login_required or consent_required instead.
 */
export async function nextStep(
  db: TDb,
  accountId: number | undefined,
  request: TAuthorizeRequest,
  signInUrl: string,
): Promise<TAuthorizeStep> {
  const toClient = (error: string, description: string) => ({
    kind: "redirect" as const,
    location: clientRedirect(request.redirectUri, { error, error_description: description, state: request.state }),
  });
  if (accountId === undefined) {
    return request.prompt === "none" ? toClient("login_required", "The user is not signed in.") : { kind: "redirect", location: signInUrl };
  }
  if (request.prompt !== "consent" && (await hasConsent(db, accountId, request))) {
    return { kind: "redirect", location: await issueCode(db, accountId, request) };
  }
  if (request.prompt === "none") return toClient("consent_required", "The user has not allowed this application these scopes.");
  return { kind: "consent", request };
}

/** The user's answer on the consent page. */
export async function decide(db: TDb, accountId: number, request: TAuthorizeRequest, allow: boolean): Promise<string> {
  if (!allow) {
    return clientRedirect(request.redirectUri, {
      error: "access_denied",
      error_description: "The user denied the request.",
      state: request.state,
    });
  }
  await saveConsent(db, accountId, request.client.id, request.scopes);
  return issueCode(db, accountId, request);
}

/** Issues a code through the library (model.ts saves it) and returns the client redirect with `iss`. */
async function issueCode(db: TDb, accountId: number, request: TAuthorizeRequest): Promise<string> {
  const query: Record<string, string> = {
    response_type: "code",
    client_id: request.client.id,
    redirect_uri: request.redirectUri,
    scope: formatScopes(request.scopes),
    code_challenge: request.codeChallenge,
    code_challenge_method: "S256",
  };
  if (request.state !== undefined) query.state = request.state;
  const req = new OAuth2Server.Request({ method: "GET", headers: {}, query, body: {} });
  const res = new OAuth2Server.Response({ headers: {} });
  const user = newGrantUser(accountId, request.resources);
  await oauthServer(db).authorize(req, res, { authenticateHandler: { handle: () => user } });
  const issued = new URL((res.headers as Record<string, string>).location!);
  return clientRedirect(request.redirectUri, { code: issued.searchParams.get("code") ?? undefined, state: request.state });
}
