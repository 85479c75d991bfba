import { z } from "zod";

/** Marking one notification read. */
export const ZNotificationRef = z.object({ id: z.number().int().positive().max(2_147_483_647) }).strict();
export const ZMarkedRead = z.object({ id: z.number().int(), read_at: z.string() });
