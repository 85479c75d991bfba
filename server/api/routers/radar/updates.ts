import { listUpdates, updatesMeta } from "../../../domain/radar/updates";
import { pagination } from "../../envelope";
import { protectedProcedure } from "../../trpc";
import { RADAR_TAGS } from "./radar.types";
import {
  toFeedQuery,
  ZUpdatesMetaRequest,
  ZUpdatesMetaResponse,
  ZUpdatesRequest,
  ZUpdatesResponse,
  type TUpdatesResponse,
} from "./updates.types";

export const updatesMetaRoute = protectedProcedure
  .meta({ scope: "radar:read", openapi: { method: "GET", path: "/radar/updates/meta/", tags: RADAR_TAGS, summary: "Filter values of the updates feed: sources and change_types" } })
  .input(ZUpdatesMetaRequest)
  .output(ZUpdatesMetaResponse)
  .query(() => ({ data: updatesMeta() }));

export const updatesFeedRoute = protectedProcedure
  .meta({
    scope: "radar:read",
    openapi: {
      method: "GET",
      path: "/radar/updates/",
      tags: RADAR_TAGS,
      summary: "Feed of profile updates, newest first (connection_id with source, is_tracking, change_type(s), source, detected_after/before)",
    },
  })
  .input(ZUpdatesRequest)
  .output(ZUpdatesResponse)
  .query(async ({ ctx, input }): Promise<TUpdatesResponse> => {
    const r = await listUpdates(ctx.db, ctx.account.id, toFeedQuery(input));
    return { data: r.data, pagination: pagination(input.limit, input.offset, r.total, r.fetched), meta: r.meta };
  });
