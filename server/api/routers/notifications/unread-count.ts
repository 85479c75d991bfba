import { UNREAD_CAP, unreadCount } from "~/server/domain/notifications/inbox";
import { authedProcedure } from "~/server/api/trpc";
import { ZUnreadCount } from "./unread-count.types";

/** The bell: how many of the caller's notifications are unread (counted up to `cap`). */
export const unreadCountRoute = authedProcedure
  .output(ZUnreadCount)
  .query(async ({ ctx }) => ({ unread: await unreadCount(ctx.db, ctx.account.id), cap: UNREAD_CAP }));
