import { listApplications } from "../../../domain/radar/lists";
import { pagination } from "../../envelope";
import { restMeta } from "../../contract";
import { protectedProcedure } from "../../trpc";
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
