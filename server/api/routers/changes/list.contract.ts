import { defineContract } from "~/server/api/contract";
import { CHANGE_TYPES } from "~/server/domain/changes/types";
import { EXAMPLE_CARD } from "../cards/card.examples";
import { CHANGES_LIMIT, ZChangesRequest, ZChangesResponse } from "./list.types";

/** The contract of GET /v1/changes/ (server/api/contract.ts). */

export const listChangesContract = defineContract({
  method: "GET",
  path: "/changes/",
  scope: "cards:read",
  input: ZChangesRequest,
  output: ZChangesResponse,
  operationId: "listChanges",
  tag: "Cards",
  summary: "Changes to cards, participants and interactions since a cursor",
  description: `A feed for keeping a copy in sync: the ${CHANGE_TYPES.join(", ")} rows written (\`upsert\`, with the row as it is
now) or deleted (\`delete\`) since \`cursor\`, oldest first, at most \`limit\` (default ${CHANGES_LIMIT.default}, at most ${CHANGES_LIMIT.max}).

**Syncing.** Start without a cursor: the feed begins with every live row, then goes on with later changes. Apply
each change by \`type\` and \`id\` (an upsert creates or replaces, a delete removes), keep \`next_cursor\`, and ask
again with it: while \`has_more\` is true at once, later to follow new changes. A copy that has applied the feed holds
exactly what a full read holds.

**Order.** Changes come in the order of the transactions that made them; a change is served once every earlier
transaction has ended, so a change committed late can never appear behind a cursor already handed out. Several
writes to a row between two reads come as one upsert. The cursor is opaque; it works with any \`types\`.

**Retention.** Deletions are kept ${"`meta.retention_days`"} days (CHANGES_RETENTION_DAYS, default 30). A cursor older than
the deletions kept answers **410 \`cursor_expired\`**: start again without a cursor.

Participants need the \`participants:read\` scope as well on an OAuth token: without \`types\` the feed follows the
kinds the token may read (\`meta.types\`), and naming \`participant\` without the scope is a 403.`,
  returns: "A page of changes, the cursor to continue from, and whether more are ready",
  errors: ["ValidationError", "PermissionDenied", "CursorExpired"],
  catalog: { capability: "cards", order: 10, description: "Change feed of cards, participants and interactions, deletions included" },
  examples: {
    params: { types: ["card", "interaction"], limit: 3 },
    response: {
      data: [
        { type: "card", id: EXAMPLE_CARD.id, change: "upsert", data: EXAMPLE_CARD },
        {
          type: "interaction",
          id: 90211,
          change: "upsert",
          data: {
            id: 90211,
            created_at: "2026-11-24T23:59:57.011Z",
            card: { id: EXAMPLE_CARD.id, slug: EXAMPLE_CARD.slug },
            participant: { id: 311, slug: "northwind-ventures" },
            associated_participant: null,
            source_type: "network_a",
          },
        },
        { type: "card", id: 1077, change: "delete", deleted_at: "2026-11-25T08:12:03.410Z" },
      ],
      next_cursor: "djEuODgyMTQuMS4xMDc3",
      has_more: true,
      meta: { types: ["card", "interaction"], retention_days: 30 },
    },
  },
});
