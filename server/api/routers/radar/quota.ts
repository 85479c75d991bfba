import { readQuota } from "../../../domain/radar/quota";
import { protectedProcedure } from "../../trpc";
import { RADAR_TAGS } from "./radar.types";
import { ZQuotaRequest, ZQuotaResponse, type TQuotaResponse } from "./quota.types";

export const radarQuotaRoute = protectedProcedure
  .meta({
    scope: "radar:read",
    openapi: {
      method: "GET",
      path: "/radar/quota/",
      tags: RADAR_TAGS,
      summary: "Tracking limits per source: {limit, used, remaining}; used counts applications and tracked connections",
    },
  })
  .input(ZQuotaRequest)
  .output(ZQuotaResponse)
  .query(async ({ ctx }): Promise<TQuotaResponse> => ({ data: await readQuota(ctx.db, ctx.account.id) }));
