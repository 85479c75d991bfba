import { OAUTH_SCOPES, SCOPE_DESCRIPTIONS, type TOAuthScope } from "~/server/domain/access/scopes";

/**
 * Security schemes and each operation's requirement: an API token (`Token` header) or an OAuth 2.0
 * access token (authorization code flow with PKCE) holding the operation's scope.
 */

const TOKEN_SCHEME = {
  type: "apiKey",
  in: "header",
  name: "Authorization",
  description:
    "An API token, sent as `Authorization: Token <API_TOKEN>` (the word `Token`, a space, then the token; `Bearer <API_TOKEN>` " +
    "is accepted too). Tokens are created with `vmon tokens create` or on the workspace's API tokens page.",
} as const;

/** The schemes, with the authorization server's URLs on this base address. */
export function securitySchemes(baseUrl: string) {
  return {
    Token: TOKEN_SCHEME,
    OAuth2: {
      type: "oauth2",
      description:
        "For partner and agent apps: OAuth 2.0 Authorization Code with PKCE (S256), sent as `Authorization: Bearer <access token>`. " +
        `Metadata: ${baseUrl}/.well-known/oauth-authorization-server. Apps are registered by the service's staff.`,
      flows: {
        authorizationCode: {
          authorizationUrl: `${baseUrl}/oauth/authorize`,
          tokenUrl: `${baseUrl}/oauth/token`,
          refreshUrl: `${baseUrl}/oauth/token`,
          scopes: Object.fromEntries(OAUTH_SCOPES.map((s) => [s, SCOPE_DESCRIPTIONS.get(s)!])),
        },
      },
    },
  } as const;
}

export type TSecurityRequirement = Partial<Record<keyof ReturnType<typeof securitySchemes>, string[]>>;

/** Alternatives, any one of which authorises the operation (`none`: any access token, whatever its scopes). */
export function securityFor(scope: TOAuthScope | "none"): TSecurityRequirement[] {
  return [{ Token: [] }, { OAuth2: scope === "none" ? [] : [scope] }];
}
