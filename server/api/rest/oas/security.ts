import type { TOperationDoc } from "./types";

/**
 * Security schemes and each operation's requirement. Today one scheme, the API token. The OAuth 2.0
 * scheme (DESIGN.md §11) is one more entry in SECURITY_SCHEMES and one more alternative in
 * `securityFor` (`{ OAuth2: doc.scopes }`): each operation's scopes are already in its doc.
 */

export const SECURITY_SCHEMES = {
  Token: {
    type: "apiKey",
    in: "header",
    name: "Authorization",
    description:
      "An API token, sent as `Authorization: Token <API_TOKEN>` (the word `Token`, a space, then the token). " +
      "Tokens are created with `vmon tokens create` or on the workspace's API tokens page.",
  },
} as const;

export type TSecurityRequirement = Partial<Record<keyof typeof SECURITY_SCHEMES, string[]>>;

/** Alternatives, any one of which authorises the operation. */
export function securityFor(_doc: TOperationDoc): TSecurityRequirement[] {
  return [{ Token: [] }];
}
