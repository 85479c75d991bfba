import { defineContract, TOOL_PAGING } from "~/server/api/contract";
import {
  ZSavedFilterNewCardsRequest,
  ZSavedFilterNewCardsResponse,
  ZSavedFilterSeenRequest,
  ZSavedFilterSeenResponse,
} from "./filter-news.types";

/**
 * What is new in a saved filter:
 * - GET /v1/cards/filters/{id}/new/: the cards that newly match it
 * - POST /v1/cards/filters/{id}/seen/: mark them seen
 */

export const savedFilterNewCardsContract = defineContract({
  method: "GET",
  path: "/cards/filters/{id}/new/",
  scope: "cards:read",
  input: ZSavedFilterNewCardsRequest,
  output: ZSavedFilterNewCardsResponse,
  operationId: "listSavedFilterNewCards",
  tag: "Cards",
  summary: "List a saved filter's new cards",
  description: `Returns the cards that match one of your saved filters and were created since you last marked it seen
(POST /v1/cards/filters/{id}/seen/), or since it was saved when it was never marked. \`since\` (a date,
\`YYYY-MM-DD\` for 00:00 UTC, or an ISO 8601 date-time with its time zone) counts from that instant instead
and marks nothing. \`meta.since\` is the instant the page counts from. Reading the new cards marks nothing seen.

The saved filter's parameters apply as on GET /v1/cards/?filter_id={id}: the card list's filter parameters given
here apply over them (an explicit parameter replaces the saved one of the same name), and a \`created_after\`
later than the instant still wins. Another account's filter, another team's, or a deleted one, is 404.

**Paging and shape** as the card list: \`limit\` (default 20, at most 100), \`offset\`, \`include_total\`
(\`pagination.total\` is null when false), \`sort\` (default: the saved filter's, else
\`latest_signal_date:desc\`), \`view\`, \`fields\` and \`include_user_data\`; the items are the card list's.`,
  returns: "A page of the filter's new cards with pagination and meta (with `since`)",
  errors: ["ValidationError", "PermissionDenied", "NotFound", "SemanticUnavailable"],
  page: { default: 20, max: 100 },
  catalog: { capability: "cards", order: 5, description: "Cards newly matching one of your saved filters" },
  tools: [
    {
      name: "saved_filter_new_cards",
      title: "New cards of a saved filter",
      description: [
        "The cards that newly match one of your saved filters (`id` from list_saved_filters): those created since you last",
        "marked the filter seen (mark_saved_filter_seen), or since it was saved. `since` (YYYY-MM-DD or an ISO 8601",
        "date-time with its time zone) counts from that instant instead; `meta.since` is the instant used. Reading marks nothing seen.",
        "`sort`, `view: compact`, `fields` and `include_total: false` work as in search_cards, and so do its filters: one given here replaces the saved filter's parameter of the same name.",
        `${TOOL_PAGING} At most 100 cards a page (default 20).`,
      ].join(" "),
    },
  ],
  examples: {
    params: { id: 7, since: "2026-11-20", view: "compact", limit: 2 },
    response: {
      data: [
        {
          id: 1412,
          slug: "ledgerline-4k",
          name: "Ledgerline",
          public_url: "http://localhost:3000/cards/ledgerline-4k",
          stage: { name: "Prototype", slug: "prototype" },
          round: { name: "Pre-seed", slug: "pre-seed" },
          interactions_count: 17,
          last_interaction_at: "2026-11-21T09:12:44.006Z",
        },
        {
          id: 1433,
          slug: "quillstack-9p",
          name: "Quillstack",
          public_url: "http://localhost:3000/cards/quillstack-9p",
          stage: { name: "Idea", slug: "idea" },
          round: { name: "Bootstrapped", slug: "bootstrapped" },
          interactions_count: 3,
          last_interaction_at: "2026-11-22T16:40:05.118Z",
        },
      ],
      pagination: { limit: 2, offset: 0, total: 4, has_next: true },
      meta: {
        sort: "trending",
        fields: ["id", "interactions_count", "last_interaction_at", "name", "public_url", "round", "slug", "stage"],
        since: "2026-11-20T00:00:00.000Z",
      },
    },
  },
});

export const markSavedFilterSeenContract = defineContract({
  method: "POST",
  path: "/cards/filters/{id}/seen/",
  scope: "cards:read",
  input: ZSavedFilterSeenRequest,
  output: ZSavedFilterSeenResponse,
  operationId: "markSavedFilterSeen",
  tag: "Cards",
  summary: "Mark a saved filter seen",
  description: `Marks one of your saved filters seen now, for you: its new cards (GET /v1/cards/filters/{id}/new/) count
from this instant on, as after "Mark seen" in the workspace. On a team's shared filter each member has their own mark;
yours changes nobody else's. Answers the filter's id and \`last_seen_at\`. Takes no
body (an empty one, or \`{}\`). Another account's filter, or a deleted one, is 404.`,
  returns: "The filter's id and when it was marked seen",
  errors: ["ValidationError", "PermissionDenied", "NotFound"],
  catalog: { capability: "cards", order: 6, description: "Mark one of your saved filters seen" },
  tools: [
    {
      name: "mark_saved_filter_seen",
      title: "Mark a saved filter seen",
      description:
        "Marks one of your saved filters (`id` from list_saved_filters) seen now, for you only (each team member has their own mark), so saved_filter_new_cards and the new-card counts of list_saved_filters start again from this instant. Answers the filter's id and `last_seen_at`.",
    },
  ],
  examples: { params: { id: 7 }, response: { data: { id: 7, last_seen_at: "2026-11-27T09:14:03.512Z" } } },
});
