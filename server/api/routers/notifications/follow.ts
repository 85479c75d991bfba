import { setFilterAlert } from "~/server/domain/notifications/follow";
import { protectedProcedure } from "~/server/api/trpc";
import { ZFollowRequest, ZFollowResponse } from "./follow.types";

/** Switches the caller's "Alert me" on or off for a saved filter they use, their own or their team's (any other: not found). */
export const followFilterRoute = protectedProcedure
  .input(ZFollowRequest)
  .output(ZFollowResponse)
  .mutation(({ ctx, input }) => setFilterAlert(ctx.db, ctx.account.id, input.id, input.alert));
