import { readQuota } from "~/server/domain/radar/quota";
import { restMeta } from "~/server/api/contract";
import { protectedProcedure } from "~/server/api/trpc";
import type { TQuotaResponse } from "./quota.types";
import { getRadarQuotaContract } from "./quota.contract";

export const radarQuotaRoute = protectedProcedure
  .meta(restMeta(getRadarQuotaContract))
  .input(getRadarQuotaContract.input)
  .output(getRadarQuotaContract.output)
  .query(async ({ ctx }): Promise<TQuotaResponse> => ({ data: await readQuota(ctx.db, ctx.account.id) }));
