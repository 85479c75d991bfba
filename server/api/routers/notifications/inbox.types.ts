import { z } from "zod";
import { NOTIFICATION_KINDS } from "~/server/domain/notifications/kinds";

/** Schemas of the notification inbox procedures (tRPC only: the workspace's bell and /notifications). */

export const ZUnreadCount = z.object({ unread: z.number().int(), cap: z.number().int() });

export const ZListNotificationsRequest = z
  .object({
    limit: z.number().int().min(1).max(100).default(50),
    offset: z.number().int().min(0).max(100_000).default(0),
    unread_only: z.boolean().default(false),
  })
  .strict();

const ZNotification = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});

export const ZListNotifications = z.object({ data: z.array(ZNotification), has_more: z.boolean(), unread: z.number().int() });

export const ZNotificationRef = z.object({ id: z.number().int().positive().max(2_147_483_647) }).strict();
export const ZMarkedRead = z.object({ id: z.number().int(), read_at: z.string() });
export const ZMarkedAll = z.object({ marked: z.number().int() });
