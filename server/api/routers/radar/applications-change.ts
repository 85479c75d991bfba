import {
  bulkApplicationTracking,
  bulkDeleteApplications,
  deleteApplication,
  retryApplication,
  setApplicationTracking,
} from "../../../domain/radar/applications";
import { readQuota } from "../../../domain/radar/quota";
import { protectedProcedure } from "../../trpc";
import {
  ZApplicationResponse,
  ZApplicationWithQuota,
  ZBulkDeletedResponse,
  ZBulkIdsRequest,
  ZBulkTrackingRequest,
  ZBulkUpdatedResponse,
  ZDeletedResponse,
  ZIdRequest,
  ZTrackingRequest,
} from "./changes.types";
import { RADAR_TAGS } from "./radar.types";

const openapi = (method: "PATCH" | "POST" | "DELETE", path: `/${string}`, summary: string) => ({
  scope: "radar:write" as const,
  openapi: { method, path, tags: RADAR_TAGS, summary },
});

export const bulkApplicationTrackingRoute = protectedProcedure
  .meta(openapi("PATCH", "/radar/applications/bulk-tracking/", "Turn tracking on or off for several applications {source, ids, is_tracking}"))
  .input(ZBulkTrackingRequest)
  .output(ZBulkUpdatedResponse)
  .mutation(async ({ ctx, input }) => {
    const data = await bulkApplicationTracking(ctx.db, ctx.account.id, input.source, input.ids, input.is_tracking);
    return { data, quota: await readQuota(ctx.db, ctx.account.id) };
  });

export const bulkDeleteApplicationsRoute = protectedProcedure
  .meta(openapi("POST", "/radar/applications/bulk-delete/", "Remove several applications {source, ids}"))
  .input(ZBulkIdsRequest)
  .output(ZBulkDeletedResponse)
  .mutation(async ({ ctx, input }) => {
    const data = await bulkDeleteApplications(ctx.db, ctx.account.id, input.source, input.ids);
    return { data, quota: await readQuota(ctx.db, ctx.account.id) };
  });

export const applicationTrackingRoute = protectedProcedure
  .meta(openapi("PATCH", "/radar/applications/{source}/{id}/tracking/", "Turn tracking on (an idle application is queued) or off"))
  .input(ZTrackingRequest)
  .output(ZApplicationWithQuota)
  .mutation(async ({ ctx, input }) => {
    const data = await setApplicationTracking(ctx.db, ctx.account.id, input.source, input.id, input.is_tracking);
    return { data, quota: await readQuota(ctx.db, ctx.account.id) };
  });

export const retryApplicationRoute = protectedProcedure
  .meta(openapi("POST", "/radar/applications/{source}/{id}/retry/", "Queue a failed application again"))
  .input(ZIdRequest)
  .output(ZApplicationResponse)
  .mutation(async ({ ctx, input }) => ({ data: await retryApplication(ctx.db, ctx.account.id, input.source, input.id) }));

export const deleteApplicationRoute = protectedProcedure
  .meta(openapi("DELETE", "/radar/applications/{source}/{id}/", "Remove an application"))
  .input(ZIdRequest)
  .output(ZDeletedResponse)
  .mutation(async ({ ctx, input }) => {
    const data = await deleteApplication(ctx.db, ctx.account.id, input.source, input.id);
    return { data, quota: await readQuota(ctx.db, ctx.account.id) };
  });
