import { z } from "zod";
import { EMAIL_MODES, NOTIFICATION_KINDS } from "~/server/domain/notifications/kinds";

/** What a save of /settings/notifications changes (each part optional). */
export const ZSetPreferences = z
  .object({
    kinds: z
      .array(z.object({ kind: z.enum(NOTIFICATION_KINDS), email: z.enum(EMAIL_MODES) }).strict())
      .max(NOTIFICATION_KINDS.length)
      .optional(),
    digest_hour: z.number().int().min(0).max(23).optional(),
    time_zone: z.string().trim().min(1).max(64).optional(),
  })
  .strict();
