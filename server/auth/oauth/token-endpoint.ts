import type { TDb } from "~/server/db/client";
import { invalidTarget } from "./resources";
import { GRANT_TYPES, isReply, LIFETIMES, oauthError, oauthServer, parseForm, runLibrary, type TOAuthReply } from "./server";
import { tokenAudience } from "./token-audience";

/**
 * `POST /oauth/token` (RFC 6749 §3.2, §4.1.3, §6): the authorization_code grant with its PKCE
 * verifier, and the refresh_token grant (rotating). The library runs both grants; this adds the
 * checks it leaves out (duplicate parameters, grant types the service does not offer, RFC 8707
 * `resource` indicators that name no protected resource of the service, or one the grant does not
 * cover: token-audience.ts).
 */
export interface THttpInput {
  contentType: string | null;
  authorization: string | null;
  /** null: larger than any OAuth request needs to be. */
  body: string | null;
}

/** The library's wording for a redirect URI that differs from the code's (it answers invalid_request). */
const REDIRECT_MISMATCH = "Invalid request: `redirect_uri` is invalid";

/**
 * RFC 6749 §2.3.1 form-urlencodes the client id and secret before they are joined and base64'd
 * (clients such as oauth4webapi send `vmc%5F...`); the library compares them undecoded, so the
 * header is handed on with the plain values. Anything else is left for the library to refuse.
 */
function plainBasic(authorization: string): string {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization);
  if (!m) return authorization;
  const decoded = Buffer.from(m[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return authorization;
  try {
    const [id, secret] = [decoded.slice(0, colon), decoded.slice(colon + 1)].map((p) => decodeURIComponent(p.replace(/\+/g, " ")));
    return `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
  } catch {
    return authorization;
  }
}

export async function exchangeToken(db: TDb, input: THttpInput): Promise<TOAuthReply> {
  const form = parseForm(input.contentType, input.body);
  if (isReply(form)) return form;
  const grantType = form.grant_type;
  if (!grantType) return oauthError(400, "invalid_request", "Missing parameter: `grant_type`.");
  if (!(GRANT_TYPES as readonly string[]).includes(grantType)) {
    return oauthError(
      400,
      "unsupported_grant_type",
      `The grant type '${grantType.slice(0, 60)}' is not supported; use ${GRANT_TYPES.join(" or ")}.`,
    );
  }
  const indicators = new URLSearchParams(input.body ?? "").getAll("resource");
  const target = invalidTarget(indicators);
  if (target) return oauthError(400, "invalid_target", target);
  if (grantType === "authorization_code" && !form.redirect_uri)
    return oauthError(400, "invalid_request", "Missing parameter: `redirect_uri`.");
  const audience = await tokenAudience(db, form, indicators);
  if (isReply(audience)) return audience;
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    "content-length": String(Buffer.byteLength(input.body ?? "")),
  };
  if (input.authorization) headers.authorization = plainBasic(input.authorization);
  const server = oauthServer(db, { resource: audience });
  const reply = await runLibrary((req, res) => server.token(req, res), { method: "POST", headers, query: {}, body: form });
  const body = reply.body as { error?: string; error_description?: string };
  if (body.error === "invalid_request" && body.error_description === REDIRECT_MISMATCH) {
    // RFC 6749 §5.2: a redirect URI that differs from the authorization request's is invalid_grant.
    return oauthError(400, "invalid_grant", "Invalid grant: `redirect_uri` differs from the authorization request's.");
  }
  if (reply.status === 200) (reply.body as { expires_in?: number }).expires_in = LIFETIMES.access; // not a second less
  return reply;
}
