import {
  bulkConnectionTracking,
  bulkDisconnect,
  disconnect,
  getConnection,
  setConnectionTracking,
} from "../../../domain/radar/connections";
import { listConnections } from "../../../domain/radar/lists";
import { readQuota } from "../../../domain/radar/quota";
import { pagination } from "../../envelope";
import { protectedProcedure } from "../../trpc";
import {
  ZBulkDeletedResponse,
  ZBulkIdsRequest,
  ZBulkTrackingRequest,
  ZBulkUpdatedResponse,
  ZConnectionWithQuota,
  ZDeletedResponse,
  ZIdRequest,
  ZTrackingRequest,
} from "./changes.types";
import { toListQuery, ZListConnectionsRequest, ZListConnectionsResponse, type TListConnectionsResponse } from "./lists.types";
import { RADAR_TAGS, ZConnectionDetailResponse } from "./radar.types";

const openapi = (method: "GET" | "PATCH" | "POST" | "DELETE", path: `/${string}`, summary: string) => ({
  scope: method === "GET" ? ("radar:read" as const) : ("radar:write" as const),
  openapi: { method, path, tags: RADAR_TAGS, summary },
});

export const bulkConnectionTrackingRoute = protectedProcedure
  .meta(openapi("PATCH", "/radar/connections/bulk-tracking/", "Turn tracking on or off for several connections {source, ids, is_tracking}"))
  .input(ZBulkTrackingRequest)
  .output(ZBulkUpdatedResponse)
  .mutation(async ({ ctx, input }) => {
    const data = await bulkConnectionTracking(ctx.db, ctx.account.id, input.source, input.ids, input.is_tracking);
    return { data, quota: await readQuota(ctx.db, ctx.account.id) };
  });

export const bulkDisconnectRoute = protectedProcedure
  .meta(openapi("POST", "/radar/connections/bulk-delete/", "Disconnect several connections {source, ids}"))
  .input(ZBulkIdsRequest)
  .output(ZBulkDeletedResponse)
  .mutation(async ({ ctx, input }) => {
    const data = await bulkDisconnect(ctx.db, ctx.account.id, input.source, input.ids);
    return { data, quota: await readQuota(ctx.db, ctx.account.id) };
  });

export const listConnectionsRoute = protectedProcedure
  .meta(openapi("GET", "/radar/connections/{source}/", "The account's connections of a source (q, is_tracking, sort recent|name|company|tracked, order)"))
  .input(ZListConnectionsRequest)
  .output(ZListConnectionsResponse)
  .query(async ({ ctx, input }): Promise<TListConnectionsResponse> => {
    const r = await listConnections(ctx.db, ctx.account.id, input.source, toListQuery(input));
    return { data: r.data, pagination: pagination(input.limit, input.offset, r.total, r.fetched), meta: r.meta };
  });

export const connectionDetailRoute = protectedProcedure
  .meta(openapi("GET", "/radar/connections/{source}/{id}/", "Profile snapshot: career, education, skills (network_a) or profile and activity (network_b)"))
  .input(ZIdRequest)
  .output(ZConnectionDetailResponse)
  .query(async ({ ctx, input }) => ({ data: await getConnection(ctx.db, ctx.account.id, input.source, input.id) }));

export const connectionTrackingRoute = protectedProcedure
  .meta(openapi("PATCH", "/radar/connections/{source}/{id}/tracking/", "Turn tracking (scheduled refresh) on or off"))
  .input(ZTrackingRequest)
  .output(ZConnectionWithQuota)
  .mutation(async ({ ctx, input }) => {
    const data = await setConnectionTracking(ctx.db, ctx.account.id, input.source, input.id, input.is_tracking);
    return { data, quota: await readQuota(ctx.db, ctx.account.id) };
  });

export const disconnectRoute = protectedProcedure
  .meta(openapi("DELETE", "/radar/connections/{source}/{id}/", "Disconnect (remove the connection, its snapshots and updates)"))
  .input(ZIdRequest)
  .output(ZDeletedResponse)
  .mutation(async ({ ctx, input }) => {
    const data = await disconnect(ctx.db, ctx.account.id, input.source, input.id);
    return { data, quota: await readQuota(ctx.db, ctx.account.id) };
  });
