import { createTRPCRouter } from "~/server/api/trpc";
import { followFilterRoute } from "./follow";
import { followedFiltersRoute } from "./followed";
import { listNotificationsRoute } from "./list";
import { markAllReadRoute } from "./mark-all-read";
import { markReadRoute } from "./mark-read";
import { getPreferencesRoute } from "./preferences";
import { setPreferencesRoute } from "./set-preferences";
import { unreadCountRoute } from "./unread-count";

/**
 * The caller's notifications (tRPC only, for the workspace; docs/notifications.md): the bell's
 * unread count, the list, marking read, preferences, and "Alert me" on saved filters.
 */
export const notificationsRouter = createTRPCRouter({
  unreadCount: unreadCountRoute,
  list: listNotificationsRoute,
  markRead: markReadRoute,
  markAllRead: markAllReadRoute,
  preferences: getPreferencesRoute,
  setPreferences: setPreferencesRoute,
  follow: followFilterRoute,
  followed: followedFiltersRoute,
});
