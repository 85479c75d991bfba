import type { TOperationDoc, TOperationTable } from "../oas/types";

/** Cards and their reference data (GET /v1/cards/... ). */

const LIST_DESCRIPTION = `Returns one page of cards (\`data\`), the \`pagination\` object and \`meta\` (the effective
\`sort\`, the returned \`fields\`, and \`semantic\` when semantic search is on).

**Filters.** Different filter groups combine with AND; values inside one group combine with OR;
\`stages\` and \`rounds\` combine with OR with each other. A parent category includes its children and
a region includes its locations. \`filter_id\` applies one of your saved filters (GET /v1/cards/filters/);
parameters given explicitly win over the saved ones.

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

const reference = (operationId: string, summary: string, description: string, returns: string): TOperationDoc => ({
  operationId,
  tag: "Reference data",
  summary,
  description: `${description}\n\nTakes no parameters (an unknown one is a 400 \`validation_error\`); not paginated.`,
  returns,
  errors: ["ValidationError", "PermissionDenied"],
});

export const CARD_OPERATIONS: TOperationTable = {
  "GET /cards/": list(
    "listCards",
    "List cards",
    "Lists cards with filters, sorting, text and semantic search. List parameters are comma-separated (`stages=seed,mvp`).",
  ),
  "POST /cards/": list(
    "searchCards",
    "List cards (parameters in a JSON body)",
    "The same list as GET /v1/cards/, for long filters: the parameters are sent as a JSON object, lists as arrays (a comma-separated string is accepted too) and `semantic` as a JSON boolean. Nothing is created.",
  ),
  "GET /cards/{slug}/": {
    operationId: "getCard",
    tag: "Cards",
    summary: "Get a card",
    description: `Returns one card with the detail fields: \`people\`, \`network_a_profile\` (and the deprecated
\`network_a_data\`) when a profile is linked, \`more\`, \`employment_data\`, and up to 20 most recent
\`interactions\`; \`has_more_interactions\` tells whether GET /v1/cards/{slug}/interactions/ has older ones.
\`include_user_data=true\` adds your likes, note and folders (\`meta.include_user_data\` echoes the effective value).`,
    returns: "The card",
    errors: ["ValidationError", "PermissionDenied", "NotFound"],
  },
  "GET /cards/{slug}/interactions/": {
    operationId: "listCardInteractions",
    tag: "Cards",
    summary: "List a card's interactions",
    description: `Returns the card's full interaction (signal) history, newest first: who signalled it
(\`participant\`), through which organisation (\`associated_participant\`) and when.
Paging: \`limit\` (default 50, at most 200), \`offset\`, \`include_total\`.`,
    returns: "A page of interactions with pagination",
    errors: ["ValidationError", "PermissionDenied", "NotFound"],
    page: { default: 50, max: 200 },
  },
  "GET /cards/categories/": reference(
    "listCategories",
    "List categories",
    "Returns the category tree: parent categories with their `children`. Use the slugs in the `categories` filter; a parent includes all its children.",
    "Parent categories with their children; `meta.total` counts all categories",
  ),
  "GET /cards/stages/": reference("listStages", "List stages", "Returns the stages in their natural order; use the slugs in the `stages` filter.", "The stages"),
  "GET /cards/rounds/": reference("listRounds", "List rounds", "Returns the funding rounds in their natural order; use the slugs in the `rounds` filter.", "The rounds"),
  "GET /cards/locations/": reference(
    "listLocations",
    "List locations",
    "Returns the regions (`scope` us or world) with their countries, states and cities as `children`. Use the slugs in the `locations` filter; a region includes all its locations.",
    "Regions with their locations; `meta` counts them",
  ),
  "GET /cards/folders/": reference(
    "listFolders",
    "List your folders",
    "Returns your folders with the number of cards in each (folders are managed in the workspace). Use the ids in the `folder_ids` filter.",
    "Your folders",
  ),
  "GET /cards/filters/": reference(
    "listSavedFilters",
    "List your saved filters",
    "Returns your saved card filters with their parameters (card list parameter names). Use an id as `filter_id` on the card list.",
    "Your saved filters",
  ),
  "GET /cards/source-types/": reference(
    "listSourceTypes",
    "List source types",
    "Returns the source types of signals (social, launch board, network_a, code host, new company). Use the slugs in the `source_types` filter, which matches a card's earliest signal.",
    "The source types",
  ),
};
