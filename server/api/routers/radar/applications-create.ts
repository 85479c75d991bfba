import { createApplications } from "~/server/domain/radar/create";
import { parseBulkItem, toApplicationInput } from "~/server/domain/radar/identifiers";
import { readQuota } from "~/server/domain/radar/quota";
import { AppError } from "~/server/lib/errors";
import { restMeta } from "~/server/api/contract";
import { protectedProcedure } from "~/server/api/trpc";
import type { TBulkCreateResponse, TCreateApplicationResponse } from "./applications-create.types";
import { createRadarApplicationContract, createRadarApplicationsBulkContract } from "./applications-create.contract";

export const createApplicationRoute = protectedProcedure
  .meta(restMeta(createRadarApplicationContract))
  .input(createRadarApplicationContract.input)
  .output(createRadarApplicationContract.output)
  .mutation(async ({ ctx, input }): Promise<TCreateApplicationResponse> => {
    const { source, ...fields } = input;
    const outcome = await createApplications(ctx.db, ctx.account.id, source, [toApplicationInput(source, fields)]);
    const error = outcome.errors[0];
    if (error) throw new AppError(error.error, error.message);
    const existing = outcome.existing[0];
    const data =
      outcome.created[0]?.application ??
      (existing?.already_tracked ? { connection: existing.connection, already_tracked: true as const } : existing?.application);
    if (!data) throw new Error("create produced no outcome");
    return { data, quota: await readQuota(ctx.db, ctx.account.id) };
  });

export const bulkCreateApplicationsRoute = protectedProcedure
  .meta(restMeta(createRadarApplicationsBulkContract))
  .input(createRadarApplicationsBulkContract.input)
  .output(createRadarApplicationsBulkContract.output)
  .mutation(async ({ ctx, input }): Promise<TBulkCreateResponse> => {
    const items = input.applications.map((raw) => {
      try {
        return parseBulkItem(input.source, raw);
      } catch (err) {
        if (err instanceof AppError) return err;
        throw err;
      }
    });
    const data = await createApplications(ctx.db, ctx.account.id, input.source, items);
    return { data, quota: await readQuota(ctx.db, ctx.account.id) };
  });
