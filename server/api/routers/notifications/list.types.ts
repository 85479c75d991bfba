import { z } from "zod";
import { NOTIFICATION_KINDS } from "~/server/domain/notifications/kinds";

/** A page of the caller's notifications, newest first (tRPC only: /notifications). */
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
