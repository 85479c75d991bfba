import type { TAccount } from "../../auth/caller";

/**
 * The public API catalog: every endpoint of the interface spec, grouped by capability. It is the one
 * list behind `GET /` and behind `capabilities` in token validation.
 */

export type TCapability =
  | "cards"
  | "card_reference_data"
  | "participants"
  | "network_a_profiles"
  | "network_a_collections"
  | "radar"
  | "webhooks"
  | "token";

export interface TCatalogEndpoint {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: string;
  description: string;
}

export interface TCapabilityInfo {
  path: string;
  description: string;
  restricted: boolean;
  endpoints: TCatalogEndpoint[];
}

export const API_VERSION = "v1";

const RESTRICTED_NOTE =
  "Restricted: raw data is enabled per account. Ask your account manager or write to support to request access.";

const e = (method: TCatalogEndpoint["method"], path: string, description: string): TCatalogEndpoint => ({
  method,
  path,
  description,
});

export const CAPABILITIES: Record<TCapability, TCapabilityInfo> = {
  cards: {
    path: "/v1/cards/",
    description: "Cards (startups and projects) with filters, sorting, text and semantic search",
    restricted: false,
    endpoints: [
      e("GET", "/v1/cards/", "List cards"),
      e("POST", "/v1/cards/", "List cards with parameters in a JSON body"),
      e("GET", "/v1/cards/{slug}/", "Card detail"),
      e("GET", "/v1/cards/{slug}/interactions/", "Full interaction history of a card"),
    ],
  },
  card_reference_data: {
    path: "/v1/cards/categories/",
    description: "Reference data for card filters",
    restricted: false,
    endpoints: [
      e("GET", "/v1/cards/categories/", "Hierarchical categories"),
      e("GET", "/v1/cards/stages/", "Stages"),
      e("GET", "/v1/cards/rounds/", "Rounds"),
      e("GET", "/v1/cards/locations/", "Hierarchical regions and locations"),
      e("GET", "/v1/cards/folders/", "Your folders"),
      e("GET", "/v1/cards/filters/", "Your saved filters"),
      e("GET", "/v1/cards/source-types/", "Source types"),
    ],
  },
  participants: {
    path: "/v1/participants/",
    description: "Funds, investors, angels and other participants",
    restricted: false,
    endpoints: [
      e("GET", "/v1/participants/", "List participants"),
      e("GET", "/v1/participants/{slug}/", "Participant detail"),
      e("GET", "/v1/participants/batch/", "Several participants by slug"),
      e("GET", "/v1/participants/types/", "Participant types"),
    ],
  },
  network_a_profiles: {
    path: "/v1/network_a/profiles/",
    description: "Raw data: founder profiles",
    restricted: true,
    endpoints: [
      e("GET", "/v1/network_a/profiles/", "List founder profiles"),
      e("GET", "/v1/network_a/profiles/{id}/", "Founder profile detail"),
    ],
  },
  network_a_collections: {
    path: "/v1/network_a/collections/",
    description: "Raw data: named collections of founder profiles",
    restricted: true,
    endpoints: [e("GET", "/v1/network_a/collections/", "Collections available to the account")],
  },
  radar: {
    path: "/v1/radar/",
    description: "Follow profiles on two networks and read their updates",
    restricted: false,
    endpoints: [
      e("GET", "/v1/radar/quota/", "Tracking limits"),
      e("POST", "/v1/radar/applications/", "Follow a profile"),
      e("POST", "/v1/radar/applications/bulk/", "Follow several profiles"),
      e("GET", "/v1/radar/applications/{source}/", "List applications"),
      e("PATCH", "/v1/radar/applications/{source}/{id}/tracking/", "Turn tracking on or off"),
      e("PATCH", "/v1/radar/applications/bulk-tracking/", "Bulk tracking change"),
      e("POST", "/v1/radar/applications/{source}/{id}/retry/", "Retry a failed application"),
      e("DELETE", "/v1/radar/applications/{source}/{id}/", "Remove an application"),
      e("POST", "/v1/radar/applications/bulk-delete/", "Remove several applications"),
      e("GET", "/v1/radar/connections/{source}/", "List connections"),
      e("GET", "/v1/radar/connections/{source}/{id}/", "Connection profile snapshot"),
      e("PATCH", "/v1/radar/connections/{source}/{id}/tracking/", "Turn tracking on or off"),
      e("DELETE", "/v1/radar/connections/{source}/{id}/", "Disconnect"),
      e("PATCH", "/v1/radar/connections/bulk-tracking/", "Bulk tracking change"),
      e("POST", "/v1/radar/connections/bulk-delete/", "Disconnect several"),
      e("GET", "/v1/radar/updates/meta/", "Filter values for the updates feed"),
      e("GET", "/v1/radar/updates/", "Feed of profile updates"),
    ],
  },
  webhooks: {
    path: "/v1/webhooks/",
    description: "Signed push notifications of radar changes and new saved-filter matches",
    restricted: false,
    endpoints: [
      e("POST", "/v1/webhooks/", "Create a webhook endpoint"),
      e("GET", "/v1/webhooks/", "List webhook endpoints"),
      e("GET", "/v1/webhooks/{id}/", "A webhook endpoint"),
      e("PATCH", "/v1/webhooks/{id}/", "Change, disable or enable an endpoint"),
      e("DELETE", "/v1/webhooks/{id}/", "Delete an endpoint"),
      e("POST", "/v1/webhooks/{id}/test/", "Send a test event"),
      e("POST", "/v1/webhooks/{id}/rotate-secret/", "Rotate the signing secret"),
      e("GET", "/v1/webhooks/{id}/deliveries/", "The endpoint's deliveries"),
      e("POST", "/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver/", "Redeliver a delivery"),
    ],
  },
  token: {
    path: "/v1/token/validate/",
    description: "Validate a token and read its access and capabilities",
    restricted: false,
    endpoints: [e("GET", "/v1/token/validate/", "Validate the token")],
  },
};

/** `GET /`: the public catalog. */
export function publicCatalog(baseUrl: string) {
  const endpoints = Object.entries(CAPABILITIES).flatMap(([capability, info]) =>
    info.endpoints.map((ep) => ({
      method: ep.method,
      path: ep.path,
      url: `${baseUrl}${ep.path}`,
      description: ep.description,
      capability,
      ...(info.restricted ? { access: "restricted" as const, note: RESTRICTED_NOTE } : {}),
    })),
  );
  return {
    name: "Venture Monitor API",
    base_url: `${baseUrl}/v1/`,
    version: API_VERSION,
    authentication: "Authorization: Token <API_TOKEN> on every endpoint except GET /",
    documentation: `${baseUrl}/docs`,
    openapi: `${baseUrl}/v1/openapi.json`,
    endpoints,
  };
}

const COLLECTIONS_ONLY_ALLOWED = new Set<TCapability>(["network_a_profiles", "network_a_collections", "token"]);

export function isCapabilityAllowed(capability: TCapability, account: TAccount): boolean {
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
