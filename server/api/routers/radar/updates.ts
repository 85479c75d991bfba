import { listUpdates, updatesMeta } from "~/server/domain/radar/updates";
import { pagination } from "~/server/api/envelope";
import { restMeta } from "~/server/api/contract";
import { protectedProcedure } from "~/server/api/trpc";
import { toFeedQuery, type TUpdatesResponse } from "./updates.types";
import { getRadarUpdatesMetaContract, listRadarUpdatesContract } from "./updates.contract";

export const updatesMetaRoute = protectedProcedure
  .meta(restMeta(getRadarUpdatesMetaContract))
  .input(getRadarUpdatesMetaContract.input)
  .output(getRadarUpdatesMetaContract.output)
  .query(() => ({ data: updatesMeta() }));

export const updatesFeedRoute = protectedProcedure
  .meta(restMeta(listRadarUpdatesContract))
  .input(listRadarUpdatesContract.input)
  .output(listRadarUpdatesContract.output)
  .query(async ({ ctx, input }): Promise<TUpdatesResponse> => {
    const r = await listUpdates(ctx.db, ctx.account.id, toFeedQuery(input));
    return { data: r.data, pagination: pagination(input.limit, input.offset, r.total, r.fetched), meta: r.meta };
  });
