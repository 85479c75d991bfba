import { defineContract, TOOL_PAGING } from "~/server/api/contract";
import { ZListProfilesRequest, ZListProfilesResponse } from "./profiles.types";

const LENIENT = `Parameters are lenient: an invalid value (or an unknown parameter) is ignored and named in
\`meta.ignored\`, never a 400.`;

/** The contract of GET /v1/network_a/profiles/ (server/api/contract.ts). */

export const listFounderProfilesContract = defineContract({
  method: "GET",
  path: "/network_a/profiles/",
  scope: "network_a:read",
  input: ZListProfilesRequest,
  output: ZListProfilesResponse,
  operationId: "listFounderProfiles",
  tag: "Raw data",
  summary: "List founder profiles",
  description: `Returns one page of founder profiles with \`pagination\` and \`meta\` (the effective \`sort\`, the
\`filters\` applied and the \`ignored\` parameters). Restricted: needs raw-data access.

**Filters.** \`search\` (every word in name, headline or summary), \`classification\`, \`path\` and \`tags\`
(comma lists, any value matches), \`status\` (exact, case-insensitive), \`created_at\` (created on or after).

**Collections.** \`collection=<slug>[,<slug>]\` reads the members of collections (OR across them); the other
filters combine with it, \`status\` is ignored, and items omit \`status\`, \`out_of_stealth_date\` and
\`new_company\`. An unknown, inactive or unassigned slug is a 400 \`validation_error\`; a collections-only
account must give \`collection\`. To mirror a collection, read it whole (\`limit=200\`, following
\`offset\` while \`pagination.has_next\`) and upsert on \`network_a.url\`: \`created_at\` is when the profile
was first stored, not when it joined the collection.

**Paging.** \`limit\` (default 50, at most 200), \`offset\`, \`include_total\`; \`sort\` is a \`field:direction\`
list over created_at, updated_at and name (default \`created_at:desc\`).

${LENIENT}`,
  returns: "A page of founder profiles with pagination and meta",
  errors: ["ValidationError", "RawDataPermissionDenied"],
  page: { default: 50, max: 200 },
  catalog: { capability: "network_a_profiles", order: 1, description: "List founder profiles" },
  tools: [
    {
      name: "search_profiles",
      title: "Search founder profiles",
      description: [
        "Searches raw founder profiles of network A (restricted: the account needs raw-data access, or is limited to its",
        "collections). `search` matches words in name, headline and summary; `classification` and `path` take comma lists;",
        "`tags`, `status`, `created_at` (on or after) narrow further; `collection` reads collections (see list_collections).",
        `Invalid values are ignored and reported in meta.ignored, never an error. ${TOOL_PAGING} At most 200 a page (default 50).`,
      ].join(" "),
    },
    {
      name: "list_collection_profiles",
      title: "List a collection's profiles",
      description: `The founder profiles in one or more collections: \`collection\` is a slug from list_collections (a comma list reads several). The other parameters are those of search_profiles. ${TOOL_PAGING}`,
    },
  ],
  examples: {
    params: { classification: ["strong_potential_founder"], limit: 1 },
    response: {
      data: [
        {
          id: 1754,
          name: "Maja Petit",
          headline: "Founder & CEO at Ledgerloop | ex-Stackwise",
          summary: "Chief Revenue Officer with 16 years in education. Interested in marketplaces.",
          location: "Barcelona, Spain",
          network_a: { url: "https://network-a.example/in/ACoAAWGVM3J1CP", image_url: null, urn: "ACoAAWGVM3J1CP" },
          classification: "strong_potential_founder",
          path: "declared_founder",
          status: "stealth",
          out_of_stealth_date: null,
          education: [{ degree: "BSc Physics", school: "Delft University of Technology" }],
          experience: [
            {
              title: "Chief Revenue Officer",
              company: "Stackwise",
              endDate: null,
              location: "Barcelona, Spain",
              startDate: "2025-10-17",
              description: "Chief Revenue Officer at Stackwise, working on fintech.",
            },
            {
              title: "Operations Lead",
              company: "Pixelcraft",
              endDate: "2025-08-31",
              location: "Barcelona, Spain",
              startDate: "2025-01-27",
              description: "Operations Lead at Pixelcraft, working on open source.",
            },
          ],
          notable_achievements: null,
          new_company: {
            name: "Ledgerloop",
            description: "corporate learning for universities",
            website: "https://ledgerloop.example",
            logo: null,
            network_a_url: "https://network-a.example/company/ledgerloop",
          },
          tags: ["Stackwise", "Pixelcraft", "Delft University of Technology", "Northstar Labs"],
          created_at: "2026-11-23T05:26:12.385887Z",
          updated_at: "2026-11-23T09:37:44.146597Z",
        },
      ],
      pagination: { limit: 1, offset: 0, total: 596, has_next: true },
      meta: { sort: "created_at:desc", filters: { classification: ["strong_potential_founder"] }, ignored: [] },
    },
  },
});
