import { EXAMPLE_CARD } from "./card.examples";
import { defineContract } from "~/server/api/contract";
import { ZCardDetailRequest, ZCardDetailResponse } from "./detail.types";

/** The contract of GET /v1/cards/{slug}/ (server/api/contract.ts). */

export const getCardContract = defineContract({
  method: "GET",
  path: "/cards/{slug}/",
  scope: "cards:read",
  input: ZCardDetailRequest,
  output: ZCardDetailResponse,
  operationId: "getCard",
  tag: "Cards",
  summary: "Get a card",
  description: `Returns one card with the detail fields: \`people\`, \`network_a_profile\` (and the deprecated
\`network_a_data\`) when a profile is linked, \`more\`, \`employment_data\`, and up to 20 most recent
\`interactions\`; \`has_more_interactions\` tells whether GET /v1/cards/{slug}/interactions/ has older ones.
\`include_user_data=true\` adds your likes, note and folders (\`meta.include_user_data\` echoes the effective value).`,
  returns: "The card",
  errors: ["ValidationError", "PermissionDenied", "NotFound"],
  catalog: { capability: "cards", order: 3, description: "Card detail" },
  tools: [
    {
      name: "get_card",
      title: "Get a card",
      description:
        "One card in full by its slug (from search_cards): stage, round, location, links, categories, people, network profile and signal counts. `include_user_data: true` adds the account's like, note and folders.",
    },
  ],
  examples: {
    params: { slug: "rivetai-mk", include_user_data: false },
    response: {
      data: {
        ...EXAMPLE_CARD,
        people: [
          {
            id: 3249,
            name: "Jack Haddad",
            type: "founder",
            image: null,
            microblog_url: "https://network-b.example/jack-haddadmk",
            network_a_url: "https://network-a.example/in/jack-haddadmk",
            business_db_url: null,
            reference_url: null,
            code_host_url: null,
            email: null,
            bio: "Founder and CEO; previously at Stackwise.",
          },
          {
            id: 3250,
            name: "Daniel Dlamini",
            type: "cofounder",
            image: "https://images.example/people/daniel-dlaminimk.jpg",
            microblog_url: "https://network-b.example/daniel-dlaminimk",
            network_a_url: "https://network-a.example/in/daniel-dlaminimk",
            business_db_url: null,
            reference_url: null,
            code_host_url: null,
            email: "daniel@rivetai-mk.example",
            bio: "Co-founder; previously at Greenfield Energy.",
          },
        ],
        more: { team_size: 84, founded_year: 2025, business_model: "B2C" },
        employment_data: { headcount: 84, open_roles: 5, headcount_growth_6m: 0.41 },
        interactions: [
          {
            id: 8855,
            created_at: "2026-11-24T23:59:57.011Z",
            participant: { name: "Launch Program", slug: "launch-program-25", type: "accelerator" },
            associated_participant: null,
          },
          {
            id: 8992,
            created_at: "2026-11-24T17:34:55.008Z",
            participant: { name: "Anna Lindqvist", slug: "anna-lindqvist-7n", type: "angel" },
            associated_participant: null,
          },
        ],
        has_more_interactions: false,
      },
      meta: { include_user_data: false },
    },
  },
});
