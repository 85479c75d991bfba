import { z } from "zod";
import { EMAIL_MODES, NOTIFICATION_KINDS } from "~/server/domain/notifications/kinds";

/** The caller's notification preferences (/settings/notifications). */
export const ZPreferences = z.object({
  kinds: z.array(z.object({ kind: z.enum(NOTIFICATION_KINDS), in_app: z.literal(true), email: z.enum(EMAIL_MODES) })),
  digest_hour: z.number().int(),
  time_zone: z.string(),
  email_configured: z.boolean(),
});
