import type { TExampleTable } from "./types";

/**
 * Examples of the card reference data operations (GET /v1/cards/<list>/).
 * Values as the demo data has them; tests/openapi/examples.test.ts parses each with the
 * procedure's own zod schemas.
 */

export const REFERENCE_EXAMPLES: TExampleTable = {
  listCategories: {
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
  listStages: {
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
  listRounds: {
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
  listLocations: {
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
  listFolders: {
    response: {
      data: [
        { id: 12, name: "DeFi pipeline", cards_count: 14, created_at: "2026-10-02T08:15:31.204Z", updated_at: "2026-11-20T16:42:10.918Z" },
        { id: 15, name: "Climate follow-ups", cards_count: 6, created_at: "2026-11-03T13:05:47.550Z", updated_at: "2026-11-03T13:05:47.550Z" },
      ],
      meta: { total: 2 },
    },
  },
  listSavedFilters: {
    response: {
      data: [
        {
          id: 7,
          name: "Trending DeFi in the US",
          params: { categories: ["defi"], locations: ["us-central", "us-south"], trending: true, sort: "trending" },
          created_at: "2026-10-14T10:21:09.331Z",
          updated_at: "2026-11-18T07:48:55.102Z",
        },
      ],
      meta: { total: 1 },
    },
  },
  listSourceTypes: {
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
};
