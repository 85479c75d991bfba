import type { TDb } from "~/server/db/client";
import { isProtectedResource, namedResources, resourceIndicator, type TProtectedResource } from "./resources";
import { oauthError, type TOAuthReply } from "./server";
import { hashToken } from "./token-values";

/**
 * RFC 8707 at the token endpoint: the one protected resource (`v1` or `mcp`) the access token about
 * to be issued is for, its audience. An access token serves one resource only, so that a token
 * handed to one of them cannot be replayed at the other (RFC 9700 §2.3, the MCP authorization spec).
 *
 * - authorization_code: a resource the authorization named (none named: /v1). With one, the token
 *   request may leave `resource` out; with both, it must name one.
 * - refresh_token: the resource of the token being refreshed; naming it again is allowed, naming
 *   the other one is not.
 *
 * A resource outside these is `invalid_target`, answered before the library runs, so the code or
 * refresh token stays unused. Undefined when the code or refresh token is unknown, or already
 * spent: the library answers that (invalid_grant), and a spent one presented again revokes its
 * grant whatever resource it names.
 */
export async function tokenAudience(
  db: TDb,
  form: Record<string, string>,
  indicators: string[],
): Promise<TProtectedResource | TOAuthReply | undefined> {
  const granted = await grantedResources(db, form);
  if (!granted) return undefined;
  const asked = namedResources(indicators);
  if (asked.length > 1)
    return oauthError(
      400,
      "invalid_target",
      `An access token is for one resource: name one of ${granted.map(resourceIndicator).join(", ")}.`,
    );
  const resource = asked[0] ?? (granted.length === 1 ? granted[0] : undefined);
  if (resource === undefined) {
    return oauthError(
      400,
      "invalid_target",
      `The authorization covers ${granted.map(resourceIndicator).join(" and ")}: name the one this token is for with resource.`,
    );
  }
  if (!granted.includes(resource)) {
    return oauthError(
      400,
      "invalid_target",
      `This grant is for ${granted.map(resourceIndicator).join(" and ")}, not for ${resourceIndicator(resource)}.`,
    );
  }
  return resource;
}

/** What the presented code or refresh token may get a token for; undefined when it is unknown. */
async function grantedResources(db: TDb, form: Record<string, string>): Promise<TProtectedResource[] | undefined> {
  if (form.grant_type === "authorization_code" && form.code) {
    const code = await db.oAuthCode.findUnique({ where: { codeHash: hashToken(form.code) }, select: { resources: true, usedAt: true } });
    if (!code || code.usedAt) return undefined;
    const named = code.resources.filter(isProtectedResource);
    return named.length ? named : ["v1"];
  }
  if (form.grant_type === "refresh_token" && form.refresh_token) {
    const token = await db.oAuthToken.findUnique({
      where: { refreshHash: hashToken(form.refresh_token) },
      select: { resource: true, rotatedAt: true },
    });
    if (!token || token.rotatedAt) return undefined;
    return isProtectedResource(token.resource) ? [token.resource] : ["v1"];
  }
  return undefined;
}
