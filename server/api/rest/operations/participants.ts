import type { TOperationTable } from "../oas/types";

/** Participants (GET /v1/participants/...). */

export const PARTICIPANT_OPERATIONS: TOperationTable = {
  "GET /participants/": {
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
  },
  "GET /participants/types/": {
    operationId: "listParticipantTypes",
    tag: "Participants",
    summary: "List participant types",
    description: "Returns the participant type slugs (fund, investor, angel...) for the `type` filter of GET /v1/participants/. Takes no parameters; not paginated.",
    returns: "The participant types",
    errors: ["ValidationError", "PermissionDenied"],
  },
  "GET /participants/batch/": {
    operationId: "getParticipantsBatch",
    tag: "Participants",
    summary: "Get several participants by slug",
    description: `Returns the participants named in \`slugs\` (comma-separated, at most 100), in the order given,
each once. Unknown slugs are not an error: they are listed in \`meta.not_found\`. \`include_user_data=true\`
adds \`is_saved\`.`,
    returns: "The participants found, with the unknown slugs in meta",
    errors: ["ValidationError", "PermissionDenied"],
  },
  "GET /participants/{slug}/": {
    operationId: "getParticipant",
    tag: "Participants",
    summary: "Get a participant",
    description: "Returns one participant with its `sources` (website and network profiles). `include_user_data=true` adds `is_saved`.",
    returns: "The participant",
    errors: ["ValidationError", "PermissionDenied", "NotFound"],
  },
};
