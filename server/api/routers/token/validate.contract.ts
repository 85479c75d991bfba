import { defineContract } from "~/server/api/contract";
import { ZValidateTokenRequest, ZValidateTokenResponse } from "./validate.types";

/** The contract of GET /v1/token/validate/ (server/api/contract.ts). */

export const validateTokenContract = defineContract({
  method: "GET",
  path: "/token/validate/",
  scope: "none",
  input: ZValidateTokenRequest,
  output: ZValidateTokenResponse,
  operationId: "validateToken",
  tag: "Utilities",
  summary: "Validate the token",
  description: `Returns what the token can do: \`access\` (plan, limit, period, used, remaining; limit and usage are
null for unlimited accounts), \`capabilities\` (one entry per endpoint group with its \`path\` and whether it is
\`allowed\`; restricted groups add \`access: restricted\` and a \`note\` on how to request access) and \`scope\`
(\`full\` or \`collections_only\`), and \`auth\`: how the request authenticated (\`{type: "api_token"}\`, or for an
OAuth access token \`{type: "oauth", client_id, client_name, scopes, expires_at}\`, whose capabilities are also
limited to its scopes). 401 when the token is missing or invalid. Any access token may call it, whatever its scopes. The request counts toward the
quota like any other. Takes no parameters.`,
  returns: "The token's access, capabilities and scope",
  errors: ["ValidationError"],
  catalog: { capability: "token", order: 1, description: "Validate the token" },
  examples: {
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
          team: { path: "/v1/team/", allowed: true },
          token: { path: "/v1/token/validate/", allowed: true },
        },
        scope: "full",
        auth: { type: "api_token" },
      },
    },
  },
});
