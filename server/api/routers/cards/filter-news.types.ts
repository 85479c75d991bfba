import { z } from "zod";
import { zInstant, zPathId } from "~/server/lib/params";
import { ZCardListRequest, ZCardListResponse } from "./list.types";

/**
 * GET /v1/cards/filters/{id}/new/ and POST /v1/cards/filters/{id}/seen/: a saved filter's new cards
 * and marking them seen. The page takes every card list parameter but `filter_id` (the path names
 * the filter) under the same names and rules: the filter parameters given apply over the saved ones,
 * as they do over `filter_id` on GET /v1/cards/ (the workspace's "Only new" on a filter it narrowed).
 */

const ZFilterIdPath = { id: zPathId().describe("The saved filter's id (GET /v1/cards/filters/).") };

export const ZSavedFilterNewCardsRequest = z
  .object({
    ...ZFilterIdPath,
    since: zInstant().describe(
      "Count cards created at or after this instant instead of since the filter was last marked seen: a date (YYYY-MM-DD, 00:00 UTC) or an ISO 8601 date-time with its time zone.",
    ),
    ...ZCardListRequest.omit({ filter_id: true }).shape,
  })
  .strict();

export const ZSavedFilterNewCardsResponse = ZCardListResponse.extend({
  meta: ZCardListResponse.shape.meta.extend({
    since: z
      .string()
      .describe(
        "The instant the new cards count from (ISO 8601 UTC): `since` when given, else when you last marked it seen, else when saved.",
      ),
  }),
});

export const ZSavedFilterSeenRequest = z.object(ZFilterIdPath).strict();

export const ZSavedFilterSeenResponse = z.object({
  data: z.object({
    id: z.number().int(),
    last_seen_at: z.string().describe("When the filter was marked seen (now): its new cards count from here."),
  }),
});
