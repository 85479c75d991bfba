import OAuth2Server from "@node-oauth/oauth2-server";
import type { TDb } from "~/server/db/client";
import { logger } from "~/server/lib/logger";
import { oauthModel, type TModelOptions } from "./model";

/**
 * The authorization server's protocol core: @node-oauth/oauth2-server with the service's model
 * (model.ts) and lifetimes (docs/oauth.md): codes 60 s, access tokens 1 h, refresh tokens 30
 * days, rotated on every use. PKCE S256 only; public clients authenticate by PKCE alone.
 */
export const LIFETIMES = { code: 60, access: 3600, refresh: 30 * 86_400 } as const;
export const GRANT_TYPES = ["authorization_code", "refresh_token"] as const;

export function oauthServer(db: TDb, options: TModelOptions = {}): OAuth2Server {
  return new OAuth2Server({
    model: oauthModel(db, options),
    authorizationCodeLifetime: LIFETIMES.code,
    accessTokenLifetime: LIFETIMES.access,
    refreshTokenLifetime: LIFETIMES.refresh,
    // Public clients have no secret; a confidential one is held to its secret by the model.
    requireClientAuthentication: { authorization_code: false, refresh_token: false },
    alwaysIssueNewRefreshToken: true,
    allowEmptyState: true,
  });
}

/** What an OAuth endpoint answers, before any transport. */
export interface TOAuthReply {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" };

/** The library's response headers, lower-cased (it keeps what it was given), so that none doubles up. */
const headersOf = (res: OAuth2Server.Response) =>
  Object.fromEntries(Object.entries(res.headers as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));

/** An RFC 6749 §5.2 error body. */
export function oauthError(status: number, error: string, description: string, headers: Record<string, string> = {}): TOAuthReply {
  return { status, headers: { ...NO_STORE, ...headers }, body: { error, error_description: description } };
}

const MAX_FORM_BYTES = 16_384;

/**
 * A form-encoded request body as a null-prototype map: `application/x-www-form-urlencoded` only,
 * small, and every parameter at most once (RFC 6749 §3.2) but `resource`, which RFC 8707 lets a
 * client repeat (the map keeps the last; the token endpoint checks them all). An error reply otherwise.
 */
export function parseForm(contentType: string | null, text: string | null): Record<string, string> | TOAuthReply {
  if (!/^application\/x-www-form-urlencoded\b/i.test(contentType ?? "")) {
    return oauthError(400, "invalid_request", "The request body must be application/x-www-form-urlencoded.");
  }
  if (text === null || text.length > MAX_FORM_BYTES) return oauthError(400, "invalid_request", "The request body is too large.");
  const form: Record<string, string> = Object.create(null);
  for (const [key, value] of new URLSearchParams(text)) {
    if (key in form && key !== "resource")
      return oauthError(400, "invalid_request", `The parameter '${key.slice(0, 40)}' is given more than once.`);
    form[key] = value;
  }
  return form;
}

export const isReply = (x: unknown): x is TOAuthReply => typeof x === "object" && x !== null && "status" in x && "body" in x;

/** Runs a library handler and turns its answer (or its OAuthError) into a reply. */
export async function runLibrary(
  run: (req: OAuth2Server.Request, res: OAuth2Server.Response) => Promise<unknown>,
  request: { method: string; headers: Record<string, string>; query: Record<string, string>; body: Record<string, string> },
): Promise<TOAuthReply> {
  const req = new OAuth2Server.Request(request);
  const res = new OAuth2Server.Response({ headers: {} });
  try {
    await run(req, res);
  } catch (err) {
    if (!(err instanceof OAuth2Server.OAuthError) || err instanceof OAuth2Server.ServerError) {
      logger.error("oauth server error", {
        error: err instanceof OAuth2Server.OAuthError ? ((err as { inner?: unknown }).inner ?? err) : err,
      });
      return oauthError(500, "server_error", "The authorization server could not complete the request.");
    }
    const status = (err as OAuth2Server.OAuthError).code;
    return { status, headers: { ...headersOf(res), ...NO_STORE }, body: { error: err.name, error_description: err.message } };
  }
  return { status: res.status ?? 200, headers: { ...headersOf(res), ...NO_STORE }, body: res.body };
}
