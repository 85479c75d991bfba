import { z } from "zod";
import { zInstant, zPathId } from "~/server/lib/params";
import { ZCardListRequest, ZCardListResponse } from "./list.types";

/**
 * GET /v1/cards/filters/{id}/new/ and POST /v1/cards/filters/{id}/seen/: a saved filter's new cards
 * and marking them seen. The page takes the card list's paging and shape parameters under the same
 * names and rules; the filter itself is the saved one (its other parameters cannot be replaced here).
 */

const ZFilterIdPath = { id: zPathId().describe("The saved filter's id (GET /v1/cards/filters/).") };

export const ZSavedFilterNewCardsRequest = z
  .object({
    ...ZFilterIdPath,
    since: zInstant().describe(
      "Count cards created at or after this instant instead of since the filter was last marked seen: a date (YYYY-MM-DD, 00:00 UTC) or an ISO 8601 date-time with its time zone.",
    ),
    ...ZCardListRequest.pick({
      limit: true,
      offset: true,
      include_total: true,
      include_user_data: true,
      sort: true,
      view: true,
      fields: true,
    }).shape,
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
    last_viewed_at: z.string().describe("When the filter was marked seen (now): its new cards count from here."),
  }),
});
