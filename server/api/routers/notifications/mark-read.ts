import { markRead } from "~/server/domain/notifications/inbox";
import { authedProcedure } from "~/server/api/trpc";
import { ZMarkedRead, ZNotificationRef } from "./mark-read.types";

/** Marks one of the caller's notifications read (another account's: not found). */
export const markReadRoute = authedProcedure
  .input(ZNotificationRef)
  .output(ZMarkedRead)
  .mutation(({ ctx, input }) => markRead(ctx.db, ctx.account.id, input.id));
