import { defineContract } from "~/server/api/contract";
import { ZCardCommentsRequest, ZCardCommentsResponse } from "./comments.types";

/** The contract of GET /v1/cards/{slug}/comments/ (server/api/contract.ts). */

export const listCardCommentsContract = defineContract({
  method: "GET",
  path: "/cards/{slug}/comments/",
  scope: "team:read",
  input: ZCardCommentsRequest,
  output: ZCardCommentsResponse,
  operationId: "listCardComments",
  tag: "Team",
  summary: "List your team's comments on a card",
  description: `Returns your team's comment thread on the card, newest first: each comment's \`author\`, \`text\` (up to
5,000 characters), \`created_at\` and \`updated_at\`. Only your team's members see its thread; an account in no team gets an
empty list. Comments are written in the workspace. 404 when there is no card with this slug.
Paging: \`limit\` (default 20, at most 100), \`offset\`, \`include_total\`.`,
  returns: "A page of comments with pagination",
  errors: ["ValidationError", "PermissionDenied", "NotFound"],
  page: { default: 20, max: 100 },
  catalog: { capability: "team", order: 2, description: "Your team's comments on a card" },
  tools: [
    {
      name: "get_card_comments",
      title: "Get a card's team comments",
      description: [
        "Reads the account's team's comment thread on one card (its `slug`, from search_cards), newest first: each comment's",
        "author, text, and when it was written and last edited. An account in no team gets an empty list. Paginated with",
        "`limit` (at most 100) and `offset`.",
      ].join(" "),
    },
  ],
  examples: {
    params: { slug: "rivetai-mk", limit: 2, offset: 0 },
    response: {
      data: [
        {
          id: 311,
          card_id: 5120,
          author: { id: 41, email: "dana@fund.example", name: "Dana" },
          text: "@sam can you take the intro call? Their cohort data looks strong.",
          created_at: "2026-11-24T10:02:11.482Z",
          updated_at: "2026-11-24T10:02:11.482Z",
        },
      ],
      pagination: { limit: 2, offset: 0, total: 1, has_next: false },
    },
  },
});
