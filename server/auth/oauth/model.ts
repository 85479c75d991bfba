import type OAuth2Server from "@node-oauth/oauth2-server";
import type { TDb } from "~/server/db/client";
import { activeClient, authenticatedClient, redirectUriMatches } from "./clients";
import type { TProtectedResource } from "./resources";
import { isScope } from "~/server/domain/access/scopes";
import { formatScopes } from "./scopes";
import { hashToken, newAccessToken, newAuthorizationCode, newGrantId, newRefreshToken } from "./token-values";

/**
 * The storage model of @node-oauth/oauth2-server, on the service's tables. The library runs the
 * protocol (grants, PKCE verification, client authentication, RFC 6749 errors); this model keeps
 * codes and tokens as SHA-256 hashes and adds what the library leaves to it:
 *
 * - a grant: every code and token pair of one authorization shares a `grantId`. The library's
 *   opaque "user" object carries it (`{accountId, grantId}`), so that the pair saved after a
 *   refresh stays in the grant of the token it replaces;
 * - code replay: a code is marked used, not deleted; presenting it again revokes every token of
 *   its grant (RFC 6749 §4.1.2, RFC 9700 §2.1.1);
 * - refresh token reuse: a rotated-out refresh token presented again revokes the whole grant
 *   (RFC 9700 §4.14.2);
 * - scopes: a token's scopes never exceed what the client may ask for;
 * - audience: a code keeps the resources its authorization named, a token the one it is for.
 */

export interface TGrantUser {
  accountId: number;
  grantId: string;
  /** The protected resources the authorization named (saved with its code). */
  resources?: string[];
}

export interface TModelOptions {
  /** The protected resource the tokens saved by this model are for (token-audience.ts); /v1 when not given. */
  resource?: TProtectedResource;
}

type TModelClient = OAuth2Server.Client & { name: string; scopes: string[] };

function toModelClient(c: { id: string; name: string; redirectUris: string[]; scopes: string[] }): TModelClient {
  return { id: c.id, name: c.name, redirectUris: c.redirectUris, scopes: c.scopes, grants: ["authorization_code", "refresh_token"] };
}

const splitScope = (scope: string) => scope.split(" ").filter(Boolean);

/** Revokes every token of a grant (replayed code, reused refresh token, revoked consent). */
export async function revokeGrant(db: TDb, grantId: string): Promise<void> {
  await db.oAuthToken.updateMany({ where: { grantId, revokedAt: null }, data: { revokedAt: new Date() } });
}

export function oauthModel(db: TDb, options: TModelOptions = {}): OAuth2Server.AuthorizationCodeModel & OAuth2Server.RefreshTokenModel {
  return {
    async getClient(clientId, clientSecret) {
      // The authorize step asks without a secret (null); the token endpoint passes what was sent.
      const client = clientSecret === null ? await activeClient(db, clientId) : await authenticatedClient(db, clientId, clientSecret);
      return client ? toModelClient(client) : false;
    },

    async validateRedirectUri(redirectUri, client) {
      return redirectUriMatches((client as TModelClient).redirectUris as string[], redirectUri);
    },

    async validateScope(_user, client, scope) {
      const allowed = (client as TModelClient).scopes;
      const asked = scope ?? [];
      if (asked.length === 0 || !asked.every((s) => isScope(s) && allowed.includes(s))) return false;
      return splitScope(formatScopes(asked));
    },

    async generateAuthorizationCode() {
      return newAuthorizationCode();
    },

    async saveAuthorizationCode(code, client, user) {
      const u = user as TGrantUser;
      await db.oAuthCode.create({
        data: {
          codeHash: hashToken(code.authorizationCode),
          grantId: u.grantId,
          clientId: client.id,
          accountId: u.accountId,
          redirectUri: code.redirectUri,
          scope: formatScopes(code.scope ?? []),
          codeChallenge: code.codeChallenge ?? "",
          codeChallengeMethod: code.codeChallengeMethod ?? "S256",
          resources: u.resources ?? [],
          expiresAt: code.expiresAt,
        },
      });
      return { ...code, client, user };
    },

    async getAuthorizationCode(authorizationCode) {
      const row = await db.oAuthCode.findUnique({ where: { codeHash: hashToken(authorizationCode) }, include: { client: true } });
      if (!row || row.client.revokedAt) return false;
      if (row.usedAt) {
        await revokeGrant(db, row.grantId);
        return false;
      }
      return {
        authorizationCode,
        expiresAt: row.expiresAt,
        redirectUri: row.redirectUri,
        scope: splitScope(row.scope),
        client: toModelClient(row.client),
        user: { accountId: row.accountId, grantId: row.grantId } satisfies TGrantUser,
        codeChallenge: row.codeChallenge || undefined,
        codeChallengeMethod: row.codeChallengeMethod,
      };
    },

    async revokeAuthorizationCode(code) {
      // Single use, atomically: of two concurrent exchanges of one code, one wins.
      const { count } = await db.oAuthCode.updateMany({
        where: { codeHash: hashToken(code.authorizationCode), usedAt: null },
        data: { usedAt: new Date() },
      });
      return count === 1;
    },

    async generateAccessToken() {
      return newAccessToken();
    },

    async generateRefreshToken() {
      return newRefreshToken();
    },

    async saveToken(token, client, user) {
      const u = user as TGrantUser;
      await db.oAuthToken.create({
        data: {
          grantId: u.grantId,
          accessHash: hashToken(token.accessToken),
          refreshHash: token.refreshToken ? hashToken(token.refreshToken) : null,
          clientId: client.id,
          accountId: u.accountId,
          scope: formatScopes(token.scope ?? []),
          resource: options.resource ?? "v1",
          accessExpiresAt: token.accessTokenExpiresAt!,
          refreshExpiresAt: token.refreshTokenExpiresAt ?? null,
        },
      });
      // The client has been used (a dynamic registration no longer expires unused).
      await db.oAuthClient.updateMany({ where: { id: client.id, firstTokenAt: null }, data: { firstTokenAt: new Date() } });
      return { ...token, client, user };
    },

    async getAccessToken(accessToken) {
      const row = await db.oAuthToken.findUnique({ where: { accessHash: hashToken(accessToken) }, include: { client: true } });
      if (!row || row.revokedAt || row.client.revokedAt) return false;
      return {
        accessToken,
        accessTokenExpiresAt: row.accessExpiresAt,
        scope: splitScope(row.scope),
        client: toModelClient(row.client),
        user: { accountId: row.accountId, grantId: row.grantId } satisfies TGrantUser,
      };
    },

    async getRefreshToken(refreshToken) {
      const row = await db.oAuthToken.findUnique({ where: { refreshHash: hashToken(refreshToken) }, include: { client: true } });
      if (!row || row.client.revokedAt) return false;
      if (row.rotatedAt) {
        // Reuse of a refresh token that was already exchanged: whoever holds it, the grant is burnt.
        await revokeGrant(db, row.grantId);
        return false;
      }
      if (row.revokedAt) return false;
      return {
        refreshToken,
        refreshTokenExpiresAt: row.refreshExpiresAt ?? undefined,
        scope: splitScope(row.scope),
        client: toModelClient(row.client),
        user: { accountId: row.accountId, grantId: row.grantId } satisfies TGrantUser,
      };
    },

    async revokeToken(token) {
      // Rotation: the presented refresh token is spent, atomically (a concurrent second use loses).
      const { count } = await db.oAuthToken.updateMany({
        where: { refreshHash: hashToken(token.refreshToken), rotatedAt: null, revokedAt: null },
        data: { rotatedAt: new Date() },
      });
      return count === 1;
    },
  };
}

/** A new grant for an account (the first code of an authorization). */
export const newGrantUser = (accountId: number, resources: string[] = []): TGrantUser => ({ accountId, grantId: newGrantId(), resources });
