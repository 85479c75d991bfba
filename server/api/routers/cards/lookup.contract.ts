import { defineContract } from "~/server/api/contract";
import { MAX_LOOKUP } from "~/server/domain/cards/lookup";
import { EXAMPLE_CARD } from "./card.examples";
import { ZCardLookupRequest, ZCardLookupResponse } from "./lookup.types";

/** The contract of POST /v1/cards/lookup/ (server/api/contract.ts). */

export const cardLookupContract = defineContract({
  method: "POST",
  path: "/cards/lookup/",
  scope: "cards:read",
  input: ZCardLookupRequest,
  output: ZCardLookupResponse,
  operationId: "lookupCards",
  tag: "Cards",
  summary: "Look up cards by domain, URL, profile URL, slug or name",
  description: `Finds the cards for up to ${MAX_LOOKUP} \`identifiers\` at once (a JSON body; nothing is created) and answers
one row per identifier, in the order given. Each identifier is read as the first of these it can be: a founder's
network profile URL (the card of that profile), a URL or domain (the cards whose website has that host, lower-cased
and without \`www.\`), a card slug, an exact card name (case aside). A row is \`matched\` (with \`matched_on\` and
the card as the list formats it), \`ambiguous\` (several cards fit: up to 5 \`candidates\`, oldest first) or
\`not_found\`. The whole lookup counts as one request.`,
  returns: "One row per identifier, in order, and the counts of each status",
  errors: ["ValidationError", "PermissionDenied"],
  catalog: { capability: "cards", order: 8, description: "Bulk lookup of cards by domain, URL, profile URL, slug or name" },
  tools: [
    {
      name: "lookup_cards",
      title: "Look up cards",
      description: `Find the cards (startups) for up to ${MAX_LOOKUP} identifiers at once: website domains or URLs, founders' network profile URLs, card slugs or exact names. One row per identifier, in order: matched (with the card), ambiguous (with candidates) or not_found.`,
      readOnly: true,
    },
  ],
  examples: {
    body: { identifiers: ["rivetai-mk.example", "https://www.rivetai-mk.example/pricing", "rivetai-mk", "No Such Startup"] },
    response: {
      data: [
        { input: "rivetai-mk.example", status: "matched", matched_on: "domain", card: EXAMPLE_CARD },
        { input: "https://www.rivetai-mk.example/pricing", status: "matched", matched_on: "url", card: EXAMPLE_CARD },
        { input: "rivetai-mk", status: "matched", matched_on: "slug", card: EXAMPLE_CARD },
        { input: "No Such Startup", status: "not_found" },
      ],
      meta: { total: 4, matched: 3, ambiguous: 0, not_found: 1 },
    },
  },
});
