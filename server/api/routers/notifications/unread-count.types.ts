import { z } from "zod";

/** The bell's count (tRPC only): unread notifications, counted up to `cap`. */
export const ZUnreadCount = z.object({ unread: z.number().int(), cap: z.number().int() });
