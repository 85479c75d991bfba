import { z } from "zod";

export const ZTokenListItem = z.object({
  id: z.number().int(),
  prefix: z.string(),
  name: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  /** recorded at most once a minute per token */
  last_used_at: z.string().nullable(),
  status: z.enum(["active", "expired", "revoked"]),
});

export const ZCreateTokenRequest = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  expires_in_days: z.number().int().min(1).max(3650).optional(),
});

export const ZCreateTokenResponse = z.object({ token: z.string(), item: ZTokenListItem });

export const ZRevokeTokenRequest = z.object({ id: z.number().int().positive() });
