import { listApplications } from "../../../domain/radar/lists";
import { pagination } from "../../envelope";
import { protectedProcedure } from "../../trpc";
import { toListQuery, ZListApplicationsRequest, ZListApplicationsResponse, type TListApplicationsResponse } from "./lists.types";
import { RADAR_TAGS } from "./radar.types";

export const listApplicationsRoute = protectedProcedure
  .meta({
    scope: "radar:read",
    openapi: {
      method: "GET",
      path: "/radar/applications/{source}/",
      tags: RADAR_TAGS,
      summary: "The account's applications of a source (q, is_tracking, init_status, sort recent|name|company|tracked, order)",
    },
  })
  .input(ZListApplicationsRequest)
  .output(ZListApplicationsResponse)
  .query(async ({ ctx, input }): Promise<TListApplicationsResponse> => {
    const r = await listApplications(ctx.db, ctx.account.id, input.source, toListQuery(input));
    return { data: r.data, pagination: pagination(input.limit, input.offset, r.total, r.fetched), meta: r.meta };
  });
