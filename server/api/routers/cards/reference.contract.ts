import { defineContract, type TOperationDoc, type TToolText } from "~/server/api/contract";
import {
  ZCategoriesResponse,
  ZFiltersResponse,
  ZFoldersResponse,
  ZLocationsResponse,
  ZNoParams,
  ZSavedFiltersRequest,
  ZSlugNameListResponse,
  ZSourceTypesResponse,
} from "./reference.types";

/** GET /v1/cards/{categories,stages,rounds,locations,folders,filters,source-types}/: the values of the card filters. */

const reference = (operationId: string, summary: string, description: string, returns: string): TOperationDoc => ({
  operationId,
  tag: "Reference data",
  summary,
  description: `${description}\n\nTakes no parameters (an unknown one is a 400 \`validation_error\`); not paginated.`,
  returns,
  errors: ["ValidationError", "PermissionDenied"],
});

export const listCategoriesContract = defineContract({
  method: "GET",
  path: "/cards/categories/",
  scope: "cards:read",
  input: ZNoParams,
  output: ZCategoriesResponse,
  ...reference(
    "listCategories",
    "List categories",
    "Returns the category tree: parent categories with their `children`. Use the slugs in the `categories` filter; a parent includes all its children.",
    "Parent categories with their children; `meta.total` counts all categories",
  ),
  catalog: { capability: "card_reference_data", order: 1, description: "Hierarchical categories" },
  examples: {
    response: {
      data: [
        {
          slug: "ai-ml",
          name: "AI & machine learning",
          children: [
            { slug: "ai-agents", name: "AI agents" },
            { slug: "computer-vision", name: "Computer vision" },
            { slug: "llm-infrastructure", name: "LLM infrastructure" },
            { slug: "mlops", name: "MLOps" },
          ],
        },
        {
          slug: "climate",
          name: "Climate & energy",
          children: [
            { slug: "agtech", name: "Agtech" },
            { slug: "carbon-accounting", name: "Carbon accounting" },
            { slug: "circular-economy", name: "Circular economy" },
            { slug: "energy-storage", name: "Energy storage" },
            { slug: "ev-charging", name: "EV charging" },
          ],
        },
      ],
      meta: { total: 56 },
    },
  },
});

export const listStagesContract = defineContract({
  method: "GET",
  path: "/cards/stages/",
  scope: "cards:read",
  input: ZNoParams,
  output: ZSlugNameListResponse,
  ...reference(
    "listStages",
    "List stages",
    "Returns the stages in their natural order; use the slugs in the `stages` filter.",
    "The stages",
  ),
  catalog: { capability: "card_reference_data", order: 2, description: "Stages" },
  examples: {
    response: {
      data: [
        { slug: "stealth", name: "Stealth" },
        { slug: "idea", name: "Idea" },
        { slug: "prototype", name: "Prototype" },
        { slug: "mvp", name: "MVP" },
        { slug: "early-revenue", name: "Early revenue" },
        { slug: "growth", name: "Growth" },
        { slug: "scale-up", name: "Scale-up" },
        { slug: "mature", name: "Mature" },
      ],
      meta: { total: 8 },
    },
  },
});

export const listRoundsContract = defineContract({
  method: "GET",
  path: "/cards/rounds/",
  scope: "cards:read",
  input: ZNoParams,
  output: ZSlugNameListResponse,
  ...reference(
    "listRounds",
    "List rounds",
    "Returns the funding rounds in their natural order; use the slugs in the `rounds` filter.",
    "The rounds",
  ),
  catalog: { capability: "card_reference_data", order: 3, description: "Rounds" },
  examples: {
    response: {
      data: [
        { slug: "bootstrapped", name: "Bootstrapped" },
        { slug: "pre-seed", name: "Pre-seed" },
        { slug: "seed", name: "Seed" },
        { slug: "series-a", name: "Series A" },
        { slug: "series-b", name: "Series B" },
        { slug: "series-c", name: "Series C" },
        { slug: "series-d-plus", name: "Series D+" },
        { slug: "grant", name: "Grant" },
      ],
      meta: { total: 8 },
    },
  },
});

export const listLocationsContract = defineContract({
  method: "GET",
  path: "/cards/locations/",
  scope: "cards:read",
  input: ZNoParams,
  output: ZLocationsResponse,
  ...reference(
    "listLocations",
    "List locations",
    "Returns the regions (`scope` us or world) with their countries, states and cities as `children`. Use the slugs in the `locations` filter; a region includes all its locations.",
    "Regions with their locations; `meta` counts them",
  ),
  catalog: { capability: "card_reference_data", order: 4, description: "Hierarchical regions and locations" },
  examples: {
    response: {
      data: [
        {
          slug: "africa",
          name: "Africa",
          scope: "world",
          children: [
            {
              slug: "egypt",
              name: "Egypt",
              type: "country",
              parent: "africa",
              city: null,
              state: null,
              country: "Egypt",
            },
            {
              slug: "cairo",
              name: "Cairo",
              type: "city",
              parent: "egypt",
              city: "Cairo",
              state: null,
              country: "Egypt",
            },
            {
              slug: "kenya",
              name: "Kenya",
              type: "country",
              parent: "africa",
              city: null,
              state: null,
              country: "Kenya",
            },
          ],
        },
      ],
      meta: { total: 143, us_regions_total: 4, world_regions_total: 6 },
    },
  },
});

export const listFoldersContract = defineContract({
  method: "GET",
  path: "/cards/folders/",
  scope: "cards:read",
  input: ZNoParams,
  output: ZFoldersResponse,
  ...reference(
    "listFolders",
    "List your folders",
    "Returns your folders and your team's shared folders, with the number of cards in each (folders are managed in the workspace). Each has its `visibility` (`private`: yours only; `team`: shared with your team) and its `owner` (the account that created it). Use the ids in the `folder_ids` filter.",
    "Your folders and your team's shared folders",
  ),
  catalog: { capability: "card_reference_data", order: 5, description: "Your folders" },
  tools: [
    {
      name: "list_folders",
      title: "List folders",
      description: [
        "Lists the account's folders and its team's shared folders, with the number of cards in each. Each folder has its",
        "`visibility` (`private`: the account's own; `team`: shared with its team) and its `owner` (the account that made",
        "it). Pass folder ids as `folder_ids` to search_cards to read the cards in them.",
      ].join(" "),
    },
  ],
  examples: {
    response: {
      data: [
        {
          id: 12,
          name: "DeFi pipeline",
          cards_count: 14,
          created_at: "2026-10-02T08:15:31.204Z",
          updated_at: "2026-11-20T16:42:10.918Z",
          visibility: "team",
          owner: { id: 41, email: "dana@fund.example" },
        },
        {
          id: 15,
          name: "Climate follow-ups",
          cards_count: 6,
          created_at: "2026-11-03T13:05:47.550Z",
          updated_at: "2026-11-03T13:05:47.550Z",
          visibility: "private",
          owner: { id: 7, email: "analyst@fund.example" },
        },
      ],
      meta: { total: 2 },
    },
  },
});

export const listSavedFiltersContract = defineContract({
  method: "GET",
  path: "/cards/filters/",
  scope: "cards:read",
  input: ZSavedFiltersRequest,
  output: ZFiltersResponse,
  operationId: "listSavedFilters",
  tag: "Reference data",
  summary: "List your saved filters",
  description: `Returns your saved card filters and your team's shared ones with their parameters (card list parameter names),
each with its \`visibility\` (\`private\`: yours only; \`team\`: shared with your team) and its \`owner\` (the account that
created it). Use an id as \`filter_id\` on the card list, or with GET /v1/cards/filters/{id}/new/ for the cards that newly match it.

\`include_counts=true\` adds to each filter \`last_seen_at\` (when you last marked it seen; null when you never
did), \`matching\` (the cards matching it now) and \`new_since_seen\` (those created since you last marked it seen,
or since it was saved), the numbers of the workspace's saved filters page; it counts cards twice per filter. The
seen mark is yours: on a team filter each member has their own.
Any other parameter is a 400 \`validation_error\`; not paginated.`,
  returns: "Your saved filters",
  errors: ["ValidationError", "PermissionDenied"],
  catalog: { capability: "card_reference_data", order: 6, description: "Your saved filters" },
  tools: [
    {
      name: "list_saved_filters",
      title: "List saved filters",
      description: [
        "Lists your saved card filters and your team's shared ones with their parameters and their new-card counts: `matching` (cards matching",
        "now), `new_since_seen` (cards created since you last marked the filter seen, or since it was saved; each team member has their own mark) and",
        "`last_seen_at`. Read the new cards with saved_filter_new_cards, mark them seen with mark_saved_filter_seen,",
        "or pass an id as `filter_id` to search_cards. Not paginated (at most 100 filters).",
      ].join(" "),
    },
  ],
  examples: {
    params: { include_counts: true },
    response: {
      data: [
        {
          id: 7,
          name: "Trending DeFi in the US",
          params: { categories: ["defi"], locations: ["us-central", "us-south"], trending: true, sort: "trending" },
          created_at: "2026-10-14T10:21:09.331Z",
          updated_at: "2026-11-18T07:48:55.102Z",
          visibility: "team",
          owner: { id: 41, email: "dana@fund.example" },
          last_seen_at: "2026-11-20T08:02:41.773Z",
          matching: 12,
          new_since_seen: 4,
        },
      ],
      meta: { total: 1 },
    },
  },
});

export const listSourceTypesContract = defineContract({
  method: "GET",
  path: "/cards/source-types/",
  scope: "cards:read",
  input: ZNoParams,
  output: ZSourceTypesResponse,
  ...reference(
    "listSourceTypes",
    "List source types",
    "Returns the source types of signals (social, launch board, network_a, code host, new company). Use the slugs in the `source_types` filter, which matches a card's earliest signal.",
    "The source types",
  ),
  catalog: { capability: "card_reference_data", order: 7, description: "Source types" },
  examples: {
    response: {
      data: [
        { slug: "social_interactions", name: "Social", group: "social" },
        { slug: "launch_board", name: "Launch board", group: "launch_board" },
        { slug: "network_a", name: "Network A", group: "network_a" },
        { slug: "code_host", name: "Code host", group: "code_host" },
        { slug: "new_company_registration", name: "New company", group: "new_company" },
      ],
      meta: { total: 5 },
    },
  },
});

/**
 * The MCP tool `list_reference`: one tool over the seven lists above, the list chosen by its `kind`
 * argument (server/mcp/tools.ts maps each kind to its procedure).
 */
export const LIST_REFERENCE_TOOL: TToolText = {
  name: "list_reference",
  title: "List reference data",
  description: [
    "Lists the values that the filters of search_cards take: `stages`, `rounds`, `categories` (parents with their children),",
    "`locations` (regions with countries, states and cities), `source_types`, and the account's own `folders` (ids for",
    "folder_ids) and `saved_filters` (ids for filter_id). Use the `slug` of an item as the filter value. Not paginated.",
    "\n\nOAuth scope: cards:read.",
  ].join(" "),
  readOnly: true,
};
