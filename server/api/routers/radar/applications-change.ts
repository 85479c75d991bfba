import {
  bulkApplicationTracking,
  bulkDeleteApplications,
  deleteApplication,
  retryApplication,
  setApplicationTracking,
} from "~/server/domain/radar/applications";
import { readQuota } from "~/server/domain/radar/quota";
import { restMeta } from "~/server/api/contract";
import { protectedProcedure } from "~/server/api/trpc";
import {
  deleteRadarApplicationContract,
  deleteRadarApplicationsBulkContract,
  retryRadarApplicationContract,
  setRadarApplicationsTrackingContract,
  setRadarApplicationTrackingContract,
} from "./applications-change.contract";

export const bulkApplicationTrackingRoute = protectedProcedure
  .meta(restMeta(setRadarApplicationsTrackingContract))
  .input(setRadarApplicationsTrackingContract.input)
  .output(setRadarApplicationsTrackingContract.output)
  .mutation(async ({ ctx, input }) => {
    const data = await bulkApplicationTracking(ctx.db, ctx.account.id, input.source, input.ids, input.is_tracking);
    return { data, quota: await readQuota(ctx.db, ctx.account.id) };
  });

export const bulkDeleteApplicationsRoute = protectedProcedure
  .meta(restMeta(deleteRadarApplicationsBulkContract))
  .input(deleteRadarApplicationsBulkContract.input)
  .output(deleteRadarApplicationsBulkContract.output)
  .mutation(async ({ ctx, input }) => {
    const data = await bulkDeleteApplications(ctx.db, ctx.account.id, input.source, input.ids);
    return { data, quota: await readQuota(ctx.db, ctx.account.id) };
  });

export const applicationTrackingRoute = protectedProcedure
  .meta(restMeta(setRadarApplicationTrackingContract))
  .input(setRadarApplicationTrackingContract.input)
  .output(setRadarApplicationTrackingContract.output)
  .mutation(async ({ ctx, input }) => {
    const data = await setApplicationTracking(ctx.db, ctx.account.id, input.source, input.id, input.is_tracking);
    return { data, quota: await readQuota(ctx.db, ctx.account.id) };
  });

export const retryApplicationRoute = protectedProcedure
  .meta(restMeta(retryRadarApplicationContract))
  .input(retryRadarApplicationContract.input)
  .output(retryRadarApplicationContract.output)
  .mutation(async ({ ctx, input }) => ({ data: await retryApplication(ctx.db, ctx.account.id, input.source, input.id) }));

export const deleteApplicationRoute = protectedProcedure
  .meta(restMeta(deleteRadarApplicationContract))
  .input(deleteRadarApplicationContract.input)
  .output(deleteRadarApplicationContract.output)
  .mutation(async ({ ctx, input }) => {
    const data = await deleteApplication(ctx.db, ctx.account.id, input.source, input.id);
    return { data, quota: await readQuota(ctx.db, ctx.account.id) };
  });
