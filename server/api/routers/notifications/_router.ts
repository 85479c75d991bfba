import { createTRPCRouter } from "~/server/api/trpc";
import { followedFiltersRoute, followFilterRoute } from "./follow";
import { listNotificationsRoute, markAllReadRoute, markReadRoute, unreadCountRoute } from "./inbox";
import { getPreferencesRoute, setPreferencesRoute } from "./preferences";

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
