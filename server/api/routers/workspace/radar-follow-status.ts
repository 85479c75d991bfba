import { followStatus } from "~/server/domain/radar/follow-status";
import { protectedProcedure } from "~/server/api/trpc";
import { ZRadarFollowStatusRequest, ZRadarFollowStatusResponse, type TRadarFollowStatusResponse } from "./radar-follow-status.types";

/** The state of the applications a follow created (on the primary: the worker has just written it). */
export const radarFollowStatusRoute = protectedProcedure
  .input(ZRadarFollowStatusRequest)
  .output(ZRadarFollowStatusResponse)
  .query(async ({ ctx, input }): Promise<TRadarFollowStatusResponse> => ({
    data: await followStatus(ctx.db, ctx.account.id, input.source, input.ids),
  }));
