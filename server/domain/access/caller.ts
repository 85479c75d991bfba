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
  /**
   * Whether the account has ever asked for an intro (account.asked_intro, never cleared): card
   * reads that show has_intro_request then read the primary (server/api/routers/cards/read-target.ts).
   * Read on the primary with the rest of the account, when the request is authenticated.
   */
  askedIntro: boolean;
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
