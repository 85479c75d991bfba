import { defineContract } from "~/server/api/contract";
import { AUTOCOMPLETE_LIMIT, AUTOCOMPLETE_TYPES } from "~/server/domain/autocomplete/types";
import { ZAutocompleteRequest, ZAutocompleteResponse } from "./autocomplete.types";

/** The contract of GET /v1/autocomplete/ (server/api/contract.ts). */

export const autocompleteContract = defineContract({
  method: "GET",
  path: "/autocomplete/",
  scope: "cards:read",
  input: ZAutocompleteRequest,
  output: ZAutocompleteResponse,
  operationId: "autocomplete",
  tag: "Search",
  summary: "Typeahead: find anything by the start of its name",
  description: `Answers up to \`limit\` (default ${AUTOCOMPLETE_LIMIT.default}, at most ${AUTOCOMPLETE_LIMIT.max}) typed results for \`q\`:
cards, participants, founders, stages, rounds, categories, locations, and your folders and saved filters (with
your team's shared ones). A name matches when it is \`q\` (\`exact\`), starts with it (\`prefix\`), has a later word
that starts with it (\`word\`), holds it (\`contains\`), or is a typo away from it (\`fuzzy\`: a word of \`q\` that
no known word starts with, corrected to the nearest one; the first letter is taken as typed). Results come best
match first; among equal matches, your saved filters and folders, then the reference data, then cards,
participants and founders, the busiest first.

\`types\` (comma-separated: ${AUTOCOMPLETE_TYPES.join(", ")}) narrows the kinds. Without it, every kind the token
may read is searched: participants need the \`participants:read\` scope of an OAuth token, founders the raw-data
permission (and \`network_a:read\`). Naming a kind the token may not read is a 403. Cards, participants,
locations, categories, stages and rounds answer their \`slug\`; founders, folders and saved filters their \`id\`.`,
  returns: "The results, best first, and the kinds searched",
  errors: ["ValidationError", "PermissionDenied"],
  catalog: { capability: "cards", order: 7, description: "Typeahead across cards, participants, founders and reference data" },
  tools: [
    {
      name: "autocomplete",
      title: "Find by name",
      description:
        "Find cards (startups), participants (funds, investors), founders, stages, rounds, categories, locations, folders and saved filters by the start of their name, a word of it, or a name with a typo. Use it to turn a name a user mentions into the slug or id the other tools take.",
    },
  ],
  examples: {
    params: { q: "astra", types: ["card", "location"], limit: 3 },
    response: {
      data: [
        { type: "card", slug: "astraai-technologies-77b", name: "Astraai Technologies", context: "Prototype", match: "prefix" },
        { type: "card", slug: "astrapath-health-1e4x", name: "Astrapath Health", context: "Idea · Columbus", match: "prefix" },
        { type: "card", slug: "astramind-systems-kyq", name: "Astramind Systems", context: "Idea · Ann Arbor", match: "prefix" },
      ],
      meta: { total: 3, types: ["location", "card"] },
    },
  },
});
