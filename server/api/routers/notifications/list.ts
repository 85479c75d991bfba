import { listNotifications } from "~/server/domain/notifications/inbox";
import { authedProcedure } from "~/server/api/trpc";
import { ZListNotifications, ZListNotificationsRequest } from "./list.types";

/** The caller's notifications, newest first, paged (`has_more` tells a next page). */
export const listNotificationsRoute = authedProcedure
  .input(ZListNotificationsRequest)
  .output(ZListNotifications)
  .query(({ ctx, input }) =>
    listNotifications(ctx.db, ctx.account.id, { limit: input.limit, offset: input.offset, unreadOnly: input.unread_only }),
  );
