import { z } from "zod";

/** How many unread notifications were marked read. */
export const ZMarkedAll = z.object({ marked: z.number().int() });
