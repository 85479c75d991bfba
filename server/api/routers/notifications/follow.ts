import { setFilterAlert } from "~/server/domain/notifications/follow";
import { protectedProcedure } from "~/server/api/trpc";
import { ZFollowRequest, ZFollowResponse } from "./follow.types";

/** Switches "Alert me" on or off for one of the caller's saved filters (another account's: not found). */
export const followFilterRoute = protectedProcedure
  .input(ZFollowRequest)
  .output(ZFollowResponse)
  .mutation(({ ctx, input }) => setFilterAlert(ctx.db, ctx.account.id, input.id, input.alert));
