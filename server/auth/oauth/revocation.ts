import type { TDb } from "~/server/db/client";
import { clientOf } from "./client-auth";
import { revokeGrant } from "./model";
import { isProtectedResource, issuer, resourceIndicator } from "./resources";
import { isReply, NO_STORE, parseForm, type TOAuthReply } from "./server";
import { hashToken } from "./token-values";
import type { THttpInput } from "./token-endpoint";

/**
 * `POST /oauth/revoke` (RFC 7009) and `POST /oauth/introspect` (RFC 7662, with `aud`: the
 * protected resource the token is for, RFC 8707). Both look a token up by
 * its hash, as an access token or as a refresh token (`token_type_hint` only orders the lookups),
 * and only among the tokens issued to the authenticated client.
 */

async function findToken(db: TDb, raw: string, clientId: string, hint: string | undefined) {
  const hash = hashToken(raw);
  const byAccess = () => db.oAuthToken.findUnique({ where: { accessHash: hash } }).then((t) => t && { token: t, kind: "access" as const });
  const byRefresh = () =>
    db.oAuthToken.findUnique({ where: { refreshHash: hash } }).then((t) => t && { token: t, kind: "refresh" as const });
  const [first, second] = hint === "refresh_token" ? [byRefresh, byAccess] : [byAccess, byRefresh];
  const found = (await first()) ?? (await second());
  return found && found.token.clientId === clientId ? found : undefined;
}

/**
 * Revokes a token: a refresh token takes its whole grant with it (every access and refresh token of
 * the authorization); an access token takes its own pair. Unknown tokens are answered 200 too.
 */
export async function revokeToken(db: TDb, input: THttpInput): Promise<TOAuthReply> {
  const form = parseForm(input.contentType, input.body);
  if (isReply(form)) return form;
  const client = await clientOf(db, input.authorization, form);
  if (isReply(client)) return client;
  if (!form.token)
    return { status: 400, headers: NO_STORE, body: { error: "invalid_request", error_description: "Missing parameter: `token`." } };
  const found = await findToken(db, form.token, client.id, form.token_type_hint);
  if (found?.kind === "refresh") await revokeGrant(db, found.token.grantId);
  else if (found) await db.oAuthToken.updateMany({ where: { id: found.token.id, revokedAt: null }, data: { revokedAt: new Date() } });
  return { status: 200, headers: NO_STORE, body: {} };
}

/** Introspection, for confidential clients about their own tokens. */
export async function introspectToken(db: TDb, input: THttpInput): Promise<TOAuthReply> {
  const form = parseForm(input.contentType, input.body);
  if (isReply(form)) return form;
  const client = await clientOf(db, input.authorization, form);
  if (isReply(client)) return client;
  if (!client.confidential) {
    return {
      status: 401,
      headers: NO_STORE,
      body: { error: "invalid_client", error_description: "Introspection is for confidential clients." },
    };
  }
  if (!form.token)
    return { status: 400, headers: NO_STORE, body: { error: "invalid_request", error_description: "Missing parameter: `token`." } };
  const found = await findToken(db, form.token, client.id, form.token_type_hint);
  const now = new Date();
  const expiresAt = found && (found.kind === "access" ? found.token.accessExpiresAt : found.token.refreshExpiresAt);
  const active =
    !!found && !found.token.revokedAt && !(found.kind === "refresh" && found.token.rotatedAt) && !!expiresAt && expiresAt > now;
  if (!active) return { status: 200, headers: NO_STORE, body: { active: false } };
  return {
    status: 200,
    headers: NO_STORE,
    body: {
      active: true,
      scope: found.token.scope,
      client_id: client.id,
      token_type: found.kind === "access" ? "Bearer" : "refresh_token",
      sub: String(found.token.accountId),
      iat: Math.floor(found.token.createdAt.getTime() / 1000),
      exp: Math.floor(expiresAt.getTime() / 1000),
      iss: issuer(),
      // The protected resource the access token is for (a refresh token: what its tokens will be for).
      aud: resourceIndicator(isProtectedResource(found.token.resource) ? found.token.resource : "v1"),
    },
  };
}
