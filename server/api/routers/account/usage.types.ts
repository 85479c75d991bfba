import { z } from "zod";

export const ZUsage = z.object({
  plan: z.string(),
  limit: z.number().int().nullable(),
  period: z.enum(["lifetime", "daily"]).nullable(),
  used: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
  /** next reset of a daily quota (00:00 UTC), null for lifetime and unlimited plans */
  reset_at: z.string().nullable(),
  /** counted requests per UTC day, the last 30 days, oldest first, zero-filled */
  days: z.array(z.object({ day: z.string(), requests: z.number().int() })),
  /** the account's API tokens with their counted requests over the same 30 days, busiest first */
  tokens: z.array(
    z.object({
      id: z.number().int(),
      name: z.string().nullable(),
      prefix: z.string(),
      revoked: z.boolean(),
      last_used_at: z.string().nullable(),
      requests: z.number().int(),
    }),
  ),
});
