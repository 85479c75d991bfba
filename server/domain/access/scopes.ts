import type { TCapability } from "./catalog";

/**
 * OAuth scopes (docs/oauth.md), the names of what a token may reach: the OAuth server grants them,
 * the API and webhook events check them. A token can never do more than its account could: a scope only
 * narrows what the account may do (the raw-data permission, a collections-only account's limits
 * and quotas still apply).
 */
export const OAUTH_SCOPES = [
  "cards:read",
  "participants:read",
  "network_a:read",
  "radar:read",
  "radar:write",
  "webhooks:manage",
  "team:read",
] as const;
export type TOAuthScope = (typeof OAUTH_SCOPES)[number];

/** Each scope in plain words, as the consent page and the metadata show it. */
export const SCOPE_DESCRIPTIONS: ReadonlyMap<TOAuthScope, string> = new Map([
  ["cards:read", "Read cards (startups), their interactions, and the card reference data, your folders and saved filters included"],
  ["participants:read", "Read participants (funds, investors, angels) and which of them you saved"],
  ["network_a:read", "Read founder profiles and collections, if your account has access to raw data"],
  ["radar:read", "See the people you follow on the radar and their profile updates"],
  ["radar:write", "Follow and unfollow people on the radar and turn their tracking on or off"],
  [
    "webhooks:manage",
    "Create, change and delete your webhook endpoints; events carrying radar or card data only with the permission to read that data as well",
  ],
  ["team:read", "See your team, its members and their roles"],
]);

const KNOWN = new Set<string>(OAUTH_SCOPES);

export const isScope = (s: string): s is TOAuthScope => KNOWN.has(s);

/** Which scope lets a token use each capability of token validation (`token` needs none). */
const CAPABILITY_SCOPES: Record<TCapability, readonly TOAuthScope[] | "any"> = {
  cards: ["cards:read"],
  card_reference_data: ["cards:read"],
  participants: ["participants:read"],
  network_a_profiles: ["network_a:read"],
  network_a_collections: ["network_a:read"],
  radar: ["radar:read", "radar:write"],
  webhooks: ["webhooks:manage"],
  team: ["team:read"],
  token: "any",
};

/** Whether the token's scopes reach a capability (the account's own rules apply on top). */
export function scopesAllow(capability: TCapability, scopes: readonly string[]): boolean {
  const needed = CAPABILITY_SCOPES[capability];
  return needed === "any" || needed.some((s) => scopes.includes(s));
}
