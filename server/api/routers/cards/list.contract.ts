import { EXAMPLE_CARD } from "./card.examples";
import { defineContract, TOOL_PAGING, type TOperationDoc } from "~/server/api/contract";
import { ZCardListBody, ZCardListRequest, ZCardListResponse } from "./list.types";

/** GET and POST /v1/cards/: one list of cards, its parameters in the query or in a JSON body. */

const LIST_DESCRIPTION = `Returns one page of cards (\`data\`), the \`pagination\` object and \`meta\` (the effective
\`sort\`, the returned \`fields\`, and \`semantic\` when semantic search is on).

**Filters.** Different filter groups combine with AND; values inside one group combine with OR;
\`stages\` and \`rounds\` combine with OR with each other. A parent category includes its children and
a region includes its locations. \`filter_id\` applies one of your saved filters (GET /v1/cards/filters/);
parameters given explicitly win over the saved ones.

**Rolling date windows.** \`created_within_days\`, \`updated_within_days\`, \`last_interaction_within_days\` and
\`first_interaction_within_days\` (1-3650) keep a date filter relative to today: \`last_interaction_within_days=30\`
is \`last_interaction_after\` set to the UTC day 30 days before today, resolved at each request. A saved filter
keeps the window itself, so \`filter_id\` resolves it anew on every call. With the same field's \`*_after\` both
apply; an explicit \`*_after\` or \`*_within_days\` replaces the saved filter's lower bound for that field.

**Search.** \`search\` matches every word in the name or description (the last word as a prefix).
With \`semantic=true\` the other filters apply first, then the cards are ranked by cosine similarity to
\`search\`, those under \`min_similarity\` are dropped and each item carries \`similarity\`; the ranked list
holds at most 100 cards. 503 \`semantic_unavailable\` when embeddings are unavailable.

**Paging.** \`limit\` (default 20, at most 100) and \`offset\`; \`pagination.has_next\` says whether another
page follows. \`include_total=false\` skips the count (\`pagination.total\` is then null).

**Shape.** \`view=compact\` returns only id, slug, name, public_url, stage, round, interactions_count and
last_interaction_at; \`fields\` selects top-level fields (and wins over \`view\`). \`include_user_data=true\`
adds your likes, notes and folders as \`user_data\`.`;

const list = (operationId: string, summary: string, extra: string): TOperationDoc => ({
  operationId,
  tag: "Cards",
  summary,
  description: `${extra}\n\n${LIST_DESCRIPTION}`,
  returns: "A page of cards with pagination and meta",
  errors: ["ValidationError", "PermissionDenied", "SemanticUnavailable"],
  page: { default: 20, max: 100 },
});

export const listCardsContract = defineContract({
  method: "GET",
  path: "/cards/",
  scope: "cards:read",
  input: ZCardListRequest,
  output: ZCardListResponse,
  ...list(
    "listCards",
    "List cards",
    "Lists cards with filters, sorting, text and semantic search. List parameters are comma-separated (`stages=seed,mvp`).",
  ),
  catalog: { capability: "cards", order: 1, description: "List cards" },
  examples: {
    params: { stages: ["idea", "prototype"], sort: "latest_signal_date:desc", limit: 2, offset: 0 },
    response: {
      data: [
        EXAMPLE_CARD,
        {
          id: 1077,
          slug: "onyxbase-systems-12l",
          name: "Onyxbase Systems",
          public_url: "http://localhost:3000/cards/onyxbase-systems-12l",
          description: "No-code self-custody wallets for fintechs. Used by teams in Miami.",
          image: "https://images.example/cards/onyxbase-systems-12l.png",
          url: "https://onyxbase-systems-12l.example",
          interactions_count: 28,
          trending: false,
          stage: { name: "Idea", slug: "idea" },
          round: { name: "Bootstrapped", slug: "bootstrapped" },
          categories: [
            { name: "Digital collectibles", slug: "nft" },
            { name: "Web3", slug: "web3" },
          ],
          location: {
            formatted: "Miami, FL, United States",
            slug: "miami",
            city: "Miami",
            state: "FL",
            country: "United States",
            region: "US South",
            region_slug: "us-south",
            type: "city",
          },
          created_at: "2026-06-03T02:16:12.232Z",
          updated_at: "2026-11-24T23:59:38.000Z",
          last_round: null,
          last_interaction_at: "2026-11-24T23:59:38.000Z",
          first_interaction_at: "2026-06-05T17:15:00.003Z",
          social_links: [
            { key: "website", name: "Website", url: "https://onyxbase-systems-12l.example" },
            { key: "network_b", name: "Network B", url: "https://network-b.example/onyxbase-systems-12l" },
            { key: "network_a", name: "Network A", url: "https://network-a.example/company/onyxbase-systems-12l" },
          ],
          open_to_intro: false,
          has_intro_request: false,
        },
      ],
      pagination: { limit: 2, offset: 0, total: 441, has_next: true },
      meta: {
        sort: "latest_signal_date:desc",
        fields: [
          "categories",
          "created_at",
          "description",
          "first_interaction_at",
          "has_intro_request",
          "id",
          "image",
          "interactions_count",
          "last_interaction_at",
          "last_round",
          "location",
          "name",
          "open_to_intro",
          "public_url",
          "round",
          "slug",
          "social_links",
          "stage",
          "trending",
          "updated_at",
          "url",
        ],
      },
    },
  },
});

export const searchCardsContract = defineContract({
  method: "POST",
  path: "/cards/",
  scope: "cards:read",
  input: ZCardListBody,
  output: ZCardListResponse,
  ...list(
    "searchCards",
    "List cards (parameters in a JSON body)",
    "The same list as GET /v1/cards/, for long filters: the parameters are sent as a JSON object, lists as arrays (a comma-separated string is accepted too) and `semantic` as a JSON boolean. Nothing is created.",
  ),
  catalog: { capability: "cards", order: 2, description: "List cards with parameters in a JSON body" },
  tools: [
    {
      name: "search_cards",
      title: "Search cards",
      description: [
        "Searches the curated cards (startups and projects) and returns one page of them, newest signal first by default.",
        "Filters combine with AND across parameters and OR inside a list: `stages`, `rounds`, `categories`, `locations`,",
        "`participants` and `source_types` take slugs from list_reference (or participant slugs from search_participants);",
        "`search` is a keyword search, with `semantic: true` a search by meaning (ranked by similarity, `min_similarity` 0..1);",
        "`featured`, `new`, `trending`, `min_signals`/`max_signals`, the `*_after`/`*_before` dates (YYYY-MM-DD) and the rolling `*_within_days` windows narrow further;",
        "`folder_ids` and `filter_id` use the account's folders and saved filters. `sort` is a preset (trending, recent,",
        "most_active) or `field:asc|desc` over created_at, updated_at, name, interactions_count, latest_signal_date.",
        "`view: compact` or `fields` trims each card. `include_total: false` skips the count (faster).",
        `${TOOL_PAGING} At most 100 cards a page (default 20). get_card gives one card in full.`,
      ].join(" "),
      readOnly: true,
    },
  ],
  examples: {
    body: {
      stages: ["idea", "prototype"],
      categories: ["defi"],
      trending: false,
      sort: "interactions_count:desc",
      limit: 2,
      view: "compact",
    },
    response: {
      data: [
        {
          id: 94,
          slug: "rivetai-mk",
          name: "Rivetai",
          public_url: "http://localhost:3000/cards/rivetai-mk",
          stage: { name: "Idea", slug: "idea" },
          round: { name: "Bootstrapped", slug: "bootstrapped" },
          interactions_count: 20,
          last_interaction_at: "2026-11-24T23:59:57.011Z",
        },
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
      ],
      pagination: { limit: 2, offset: 0, total: 23, has_next: true },
      meta: {
        sort: "interactions_count:desc",
        fields: ["id", "interactions_count", "last_interaction_at", "name", "public_url", "round", "slug", "stage"],
      },
    },
  },
});
