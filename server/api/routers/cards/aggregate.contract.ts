import { defineContract } from "~/server/api/contract";
import { GROUP_BY } from "~/server/domain/cards/aggregate-groups";
import { ZCardAggregateRequest, ZCardAggregateResponse } from "./aggregate.types";

/** The contract of GET /v1/cards/aggregate/ (server/api/contract.ts). */

export const cardAggregateContract = defineContract({
  method: "GET",
  path: "/cards/aggregate/",
  scope: "cards:read",
  input: ZCardAggregateRequest,
  output: ZCardAggregateResponse,
  operationId: "aggregateCards",
  tag: "Cards",
  summary: "Count cards per stage, round, category, location, country or month",
  description: `Counts the cards matching the card list's filters (the same parameters as GET /v1/cards/, with
\`filter_id\` and \`search\`/\`semantic\`) in groups: \`group_by\` is one of ${GROUP_BY.map((g) => `\`${g}\``).join(", ")}.

Each group has the \`key\` the filters take (a slug; \`YYYY-MM\` for the months, in UTC), a \`name\` and an
exact \`count\`: the list's \`pagination.total\` with that group's value added as a filter. \`meta.total\` is the
list's total for the filters alone.

- \`stage\`, \`round\`: the card's own, in the reference order; \`created_month\` and \`last_interaction_month\`:
  oldest month first. The others: largest group first.
- \`category\`: a card counts in each of its categories and in their parent categories (as the \`categories\`
  filter includes children), so these groups overlap (\`meta.overlapping\`).
- \`location\`: the card's own location; \`country\`: the country it is in (a region alone has none).
- Cards without a value form one group whose \`key\` is null ("No stage", "No interaction", ...), listed last.

At most \`limit\` groups (default 100, at most 1000): the largest are kept (for months, the latest);
\`meta.groups\` counts them all.
With \`semantic=true\` the groups are those of the ranked list (at most 100 cards).`,
  returns: "The groups with their counts, and the total of matching cards",
  errors: ["ValidationError", "PermissionDenied", "SemanticUnavailable"],
  catalog: { capability: "cards", order: 9, description: "Card counts per stage, round, category, location, country or month" },
  tools: [
    {
      name: "aggregate_cards",
      title: "Count cards by group",
      description: `Counts the cards (startups) matching search_cards' filters per group: group_by is one of ${GROUP_BY.join(", ")}. Each group has a key (a slug usable as a filter, or YYYY-MM), a name and an exact count; meta.total is the number of matching cards. Categories overlap (a card counts under each of its categories and their parents). Use it for "how many seed fintech startups per country" without reading every card.`,
    },
  ],
  examples: {
    params: { group_by: "stage", categories: ["fintech"], created_after: "2025-01-01" },
    response: {
      data: [
        { key: "idea", name: "Idea", count: 41 },
        { key: "prototype", name: "Prototype", count: 57 },
        { key: "mvp", name: "MVP", count: 38 },
        { key: "early-revenue", name: "Early revenue", count: 22 },
        { key: null, name: "No stage", count: 3 },
      ],
      meta: { group_by: "stage", total: 161, groups: 5, overlapping: false },
    },
  },
});
