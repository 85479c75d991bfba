import { defineContract, TOOL_PAGING } from "~/server/api/contract";
import { ZCardInteractionsRequest, ZCardInteractionsResponse } from "./interactions.types";

/** The contract of GET /v1/cards/{slug}/interactions/ (server/api/contract.ts). */

export const listCardInteractionsContract = defineContract({
  method: "GET",
  path: "/cards/{slug}/interactions/",
  scope: "cards:read",
  input: ZCardInteractionsRequest,
  output: ZCardInteractionsResponse,
  operationId: "listCardInteractions",
  tag: "Cards",
  summary: "List a card's interactions",
  description: `Returns the card's full interaction (signal) history, newest first: who signalled it
(\`participant\`), through which organisation (\`associated_participant\`) and when.
Paging: \`limit\` (default 50, at most 200), \`offset\`, \`include_total\`.`,
  returns: "A page of interactions with pagination",
  errors: ["ValidationError", "PermissionDenied", "NotFound"],
  page: { default: 50, max: 200 },
  catalog: { capability: "cards", order: 4, description: "Full interaction history of a card" },
  tools: [
    {
      name: "list_card_interactions",
      title: "List a card's interactions",
      description: `The interactions (signals) of one card by its slug, newest first: who interacted, from which source, when. ${TOOL_PAGING} At most 200 a page (default 50).`,
    },
  ],
  examples: {
    params: { slug: "rivetai-mk", limit: 3, offset: 0 },
    response: {
      data: [
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
        {
          id: 8071,
          created_at: "2026-11-24T10:50:41.014Z",
          participant: { name: "Lea Virtanen", slug: "lea-virtanen-7h", type: "investor" },
          associated_participant: { name: "Evergreen Seed Fund", slug: "evergreen-seed-fund-7b", type: "fund" },
        },
      ],
      pagination: { limit: 3, offset: 0, total: 20, has_next: true },
    },
  },
});
