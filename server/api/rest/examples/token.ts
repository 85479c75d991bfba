import type { TExampleTable } from "./types";

/**
 * Example of token validation (GET /v1/token/validate/).
 * Values as the demo data has them; tests/openapi/examples.test.ts parses each with the
 * procedure's own zod schemas.
 */

export const TOKEN_EXAMPLES: TExampleTable = {
  validateToken: {
    response: {
      data: {
        access: { plan: "paid", limit: 500, period: "daily", used: 19, remaining: 481 },
        capabilities: {
          cards: { path: "/v1/cards/", allowed: true },
          card_reference_data: { path: "/v1/cards/categories/", allowed: true },
          participants: { path: "/v1/participants/", allowed: true },
          network_a_profiles: {
            path: "/v1/network_a/profiles/",
            allowed: true,
            access: "restricted",
            note: "Restricted: raw data is enabled per account. Ask your account manager or write to support to request access.",
          },
          network_a_collections: {
            path: "/v1/network_a/collections/",
            allowed: true,
            access: "restricted",
            note: "Restricted: raw data is enabled per account. Ask your account manager or write to support to request access.",
          },
          radar: { path: "/v1/radar/", allowed: true },
          webhooks: { path: "/v1/webhooks/", allowed: true },
          token: { path: "/v1/token/validate/", allowed: true },
        },
        scope: "full",
        auth: { type: "api_token" },
      },
    },
  },
};
