import { listNotifications, markAllRead, markRead, unreadCount, UNREAD_CAP } from "~/server/domain/notifications/inbox";
import { authedProcedure } from "~/server/api/trpc";
import { ZListNotifications, ZListNotificationsRequest, ZMarkedAll, ZMarkedRead, ZNotificationRef, ZUnreadCount } from "./inbox.types";

/** The bell: how many of the caller's notifications are unread (counted up to `cap`). */
export const unreadCountRoute = authedProcedure
  .output(ZUnreadCount)
  .query(async ({ ctx }) => ({ unread: await unreadCount(ctx.db, ctx.account.id), cap: UNREAD_CAP }));

/** The caller's notifications, newest first, paged. */
export const listNotificationsRoute = authedProcedure
  .input(ZListNotificationsRequest)
  .output(ZListNotifications)
  .query(({ ctx, input }) =>
    listNotifications(ctx.db, ctx.account.id, { limit: input.limit, offset: input.offset, unreadOnly: input.unread_only }),
  );

/** Marks one of the caller's notifications read (another account's: not found). */
export const markReadRoute = authedProcedure
  .input(ZNotificationRef)
  .output(ZMarkedRead)
  .mutation(({ ctx, input }) => markRead(ctx.db, ctx.account.id, input.id));

export const markAllReadRoute = authedProcedure.output(ZMarkedAll).mutation(({ ctx }) => markAllRead(ctx.db, ctx.account.id));
