import { listApplications } from "~/server/domain/radar/lists";
import { pagination } from "~/server/api/envelope";
import { restMeta } from "~/server/api/contract";
import { protectedProcedure } from "~/server/api/trpc";
import { toListQuery, type TListApplicationsResponse } from "./lists.types";
import { listRadarApplicationsContract } from "./applications-list.contract";

export const listApplicationsRoute = protectedProcedure
  .meta(restMeta(listRadarApplicationsContract))
  .input(listRadarApplicationsContract.input)
  .output(listRadarApplicationsContract.output)
  .query(async ({ ctx, input }): Promise<TListApplicationsResponse> => {
    const r = await listApplications(ctx.db, ctx.account.id, input.source, toListQuery(input));
    return { data: r.data, pagination: pagination(input.limit, input.offset, r.total, r.fetched), meta: r.meta };
  });
