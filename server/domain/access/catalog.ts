import type { TAccount } from "./caller";

/**
 * The capabilities of the API: the groups of endpoints that token validation reports as
 * `capabilities` and that the public catalog (`GET /`, server/api/catalog.ts) files every endpoint
 * under (each endpoint names its capability in its contract).
 */

export type TCapability =
  | "cards"
  | "card_reference_data"
  | "participants"
  | "network_a_profiles"
  | "network_a_collections"
  | "radar"
  | "webhooks"
  | "team"
  | "token";

export interface TCapabilityInfo {
  path: string;
  description: string;
  restricted: boolean;
}

export const API_VERSION = "v1";

export const RESTRICTED_NOTE =
  "Restricted: raw data is enabled per account. Ask your account manager or write to support to request access.";

export const CAPABILITIES: Record<TCapability, TCapabilityInfo> = {
  cards: {
    path: "/v1/cards/",
    description: "Cards (startups and projects) with filters, sorting, text and semantic search",
    restricted: false,
  },
  card_reference_data: {
    path: "/v1/cards/categories/",
    description: "Reference data for card filters",
    restricted: false,
  },
  participants: {
    path: "/v1/participants/",
    description: "Funds, investors, angels and other participants",
    restricted: false,
  },
  network_a_profiles: {
    path: "/v1/network_a/profiles/",
    description: "Raw data: founder profiles",
    restricted: true,
  },
  network_a_collections: {
    path: "/v1/network_a/collections/",
    description: "Raw data: named collections of founder profiles",
    restricted: true,
  },
  radar: {
    path: "/v1/radar/",
    description: "Follow profiles on two networks and read their updates",
    restricted: false,
  },
  webhooks: {
    path: "/v1/webhooks/",
    description: "Signed push notifications of radar changes and new saved-filter matches",
    restricted: false,
  },
  team: {
    path: "/v1/team/",
    description: "Your team: its members and their roles",
    restricted: false,
  },
  token: {
    path: "/v1/token/validate/",
    description: "Validate a token and read its access and capabilities",
    restricted: false,
  },
};

const COLLECTIONS_ONLY_ALLOWED = new Set<TCapability>(["network_a_profiles", "network_a_collections", "token"]);

function isCapabilityAllowed(capability: TCapability, account: TAccount): boolean {
  if (account.scope === "collections_only") return COLLECTIONS_ONLY_ALLOWED.has(capability);
  if (CAPABILITIES[capability].restricted) return account.permissions.includes("network_a_profiles");
  return true;
}

/**
 * `capabilities` of token validation (docs/api.md). `reaches` narrows them further (an OAuth
 * token's scopes): a capability is allowed only when the account has it and the token reaches it.
 */
export function capabilitiesFor(account: TAccount, reaches: (capability: TCapability) => boolean = () => true) {
  return Object.fromEntries(
    (Object.keys(CAPABILITIES) as TCapability[]).map((name) => {
      const info = CAPABILITIES[name];
      return [
        name,
        {
          path: info.path,
          allowed: isCapabilityAllowed(name, account) && reaches(name),
          ...(info.restricted ? { access: "restricted" as const, note: RESTRICTED_NOTE } : {}),
        },
      ];
    }),
  );
}
