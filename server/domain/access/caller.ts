/**
 * Who is behind a request, as the domain sees it: the account and how it authenticated. The
 * domain reads it (plans, quotas, scopes); server/auth/caller.ts builds it from a request's
 * credentials.
 */

/** What the service knows of the account behind a request. */
export interface TAccount {
  id: number;
  email: string;
  plan: "free" | "paid" | "unlimited";
  isStaff: boolean;
  scope: "full" | "collections_only";
  permissions: string[];
  limitOverride: number | null;
  groupLimitOverride: number | null;
}

/** An OAuth access token's grant: the client it was issued to, its scopes, its audience and its expiry. */
export interface TOAuthGrant {
  clientId: string;
  clientName: string;
  scopes: string[];
  /** The protected resource the token is for (RFC 8707): "v1" or "mcp". */
  resource: string;
  expiresAt: Date;
}

export type TCaller =
  | { kind: "anonymous" }
  | { kind: "invalid"; reason: string }
  | { kind: "token"; account: TAccount; tokenId: number }
  | { kind: "oauth"; account: TAccount; tokenId: number; grant: TOAuthGrant }
  | { kind: "session"; account: TAccount };
