import {
  bulkConnectionTracking,
  bulkDisconnect,
  disconnect,
  getConnection,
  setConnectionTracking,
} from "~/server/domain/radar/connections";
import { listConnections } from "~/server/domain/radar/lists";
import { readQuota } from "~/server/domain/radar/quota";
import { pagination } from "~/server/api/envelope";
import { restMeta } from "~/server/api/contract";
import { protectedProcedure } from "~/server/api/trpc";
import { toListQuery, type TListConnectionsResponse } from "./lists.types";
import {
  deleteRadarConnectionContract,
  deleteRadarConnectionsBulkContract,
  getRadarConnectionContract,
  listRadarConnectionsContract,
  setRadarConnectionsTrackingContract,
  setRadarConnectionTrackingContract,
} from "./connections.contract";

export const bulkConnectionTrackingRoute = protectedProcedure
  .meta(restMeta(setRadarConnectionsTrackingContract))
  .input(setRadarConnectionsTrackingContract.input)
  .output(setRadarConnectionsTrackingContract.output)
  .mutation(async ({ ctx, input }) => {
    const data = await bulkConnectionTracking(ctx.db, ctx.account.id, input.source, input.ids, input.is_tracking);
    return { data, quota: await readQuota(ctx.db, ctx.account.id) };
  });

export const bulkDisconnectRoute = protectedProcedure
  .meta(restMeta(deleteRadarConnectionsBulkContract))
  .input(deleteRadarConnectionsBulkContract.input)
  .output(deleteRadarConnectionsBulkContract.output)
  .mutation(async ({ ctx, input }) => {
    const data = await bulkDisconnect(ctx.db, ctx.account.id, input.source, input.ids);
    return { data, quota: await readQuota(ctx.db, ctx.account.id) };
  });

export const listConnectionsRoute = protectedProcedure
  .meta(restMeta(listRadarConnectionsContract))
  .input(listRadarConnectionsContract.input)
  .output(listRadarConnectionsContract.output)
  .query(async ({ ctx, input }): Promise<TListConnectionsResponse> => {
    const r = await listConnections(ctx.db, ctx.account.id, input.source, toListQuery(input));
    return { data: r.data, pagination: pagination(input.limit, input.offset, r.total, r.fetched), meta: r.meta };
  });

export const connectionDetailRoute = protectedProcedure
  .meta(restMeta(getRadarConnectionContract))
  .input(getRadarConnectionContract.input)
  .output(getRadarConnectionContract.output)
  .query(async ({ ctx, input }) => ({ data: await getConnection(ctx.db, ctx.account.id, input.source, input.id) }));

export const connectionTrackingRoute = protectedProcedure
  .meta(restMeta(setRadarConnectionTrackingContract))
  .input(setRadarConnectionTrackingContract.input)
  .output(setRadarConnectionTrackingContract.output)
  .mutation(async ({ ctx, input }) => {
    const data = await setConnectionTracking(ctx.db, ctx.account.id, input.source, input.id, input.is_tracking);
    return { data, quota: await readQuota(ctx.db, ctx.account.id) };
  });

export const disconnectRoute = protectedProcedure
  .meta(restMeta(deleteRadarConnectionContract))
  .input(deleteRadarConnectionContract.input)
  .output(deleteRadarConnectionContract.output)
  .mutation(async ({ ctx, input }) => {
    const data = await disconnect(ctx.db, ctx.account.id, input.source, input.id);
    return { data, quota: await readQuota(ctx.db, ctx.account.id) };
  });
