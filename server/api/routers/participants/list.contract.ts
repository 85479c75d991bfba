import { defineContract, TOOL_PAGING } from "~/server/api/contract";
import { ZListParticipantsRequest, ZListParticipantsResponse } from "./list.types";

const PARTICIPANT_SORT =
  "`name` (default, name ascending), `most_active` (monthly_signals descending, then name), or `field:direction[,field:direction]` over name and monthly_signals.";
const PARTICIPANT_SEARCH = "Text search: every word as a prefix in the name and about text, or the whole query inside the name.";

/** The contract of GET /v1/participants/ (server/api/contract.ts). */

export const listParticipantsContract = defineContract({
  method: "GET",
  path: "/participants/",
  scope: "participants:read",
  input: ZListParticipantsRequest,
  output: ZListParticipantsResponse,
  operationId: "listParticipants",
  tag: "Participants",
  summary: "List participants",
  description: `Returns one page of participants (funds, investors, angels, accelerators...) with \`pagination\` and
\`meta\`.

**Filters.** \`type\` (a slug of GET /v1/participants/types/), \`web3\`, \`web2\`, \`saved_only\` (the
participants you saved in the workspace). \`search\` matches every word as a prefix in the name and about
text, or the whole query inside the name.

**Semantic search.** With \`semantic=true\` the filters apply first, then participants are ranked by cosine
similarity to \`search\` (at most 200), those under \`min_similarity\` dropped; each item carries
\`similarity\`. 503 \`semantic_unavailable\` when embeddings are unavailable.

**Sorting and paging.** \`sort\`: \`name\` (default) or \`most_active\` (monthly_signals, then name), or a
custom \`field:direction\` list over name and monthly_signals. \`limit\` (default 50, at most 200),
\`offset\`, \`include_total\`.`,
  returns: "A page of participants with pagination and meta",
  errors: ["ValidationError", "PermissionDenied", "SemanticUnavailable"],
  page: { default: 50, max: 200 },
  params: { sort: PARTICIPANT_SORT, search: PARTICIPANT_SEARCH },
  catalog: { capability: "participants", order: 1, description: "List participants" },
  tools: [
    {
      name: "search_participants",
      title: "Search participants",
      description: [
        "Searches participants (investors, funds, people and organisations whose interactions are the cards' signals).",
        "`search` is a keyword search, with `semantic: true` a search by meaning; `type` filters by participant type slug;",
        "`web3`/`web2` by focus; `saved_only: true` keeps the account's saved participants. `sort`: name (default),",
        `most_active, or field:asc|desc. ${TOOL_PAGING} At most 200 a page (default 50). Slugs work in search_cards' \`participants\` filter.`,
      ].join(" "),
    },
  ],
  examples: {
    params: { type: "fund", sort: "most_active", limit: 2 },
    response: {
      data: [
        {
          slug: "atlas-venture-partners-0",
          name: "Atlas Venture Partners",
          alt_name: null,
          email: "hello@atlas-venture-partners-0.example",
          image: "https://images.example/participants/atlas-venture-partners-0.png",
          about: "Early-stage fund investing in climate & energy and health companies. Typical cheque $1M.",
          type: "fund",
          web3: true,
          web2: true,
          monthly_signals: 230,
          associated_with: { slug: "atlas-venture-partners-0", name: "Atlas Venture Partners" },
          self_associated: true,
        },
        {
          slug: "vector-ventures-1",
          name: "Vector Ventures",
          alt_name: null,
          email: "hello@vector-ventures-1.example",
          image: "https://images.example/participants/vector-ventures-1.png",
          about: "Growth-stage fund investing in mobility & logistics and health companies. Typical cheque $500k.",
          type: "fund",
          web3: false,
          web2: true,
          monthly_signals: 119,
          associated_with: { slug: "vector-ventures-1", name: "Vector Ventures" },
          self_associated: true,
        },
      ],
      pagination: { limit: 2, offset: 0, total: 300, has_next: true },
      meta: { sort: "most_active", include_user_data: false },
    },
  },
});
