import { z } from "zod";

export const ZValidateTokenRequest = z.object({}).strict();

const ZCapability = z.object({
  path: z.string(),
  allowed: z.boolean(),
  access: z.literal("restricted").optional(),
  note: z.string().optional(),
});

/** How the request authenticated (an OAuth token names its app, its scopes and when it expires). */
const ZAuth = z.discriminatedUnion("type", [
  z.object({ type: z.literal("api_token") }),
  z.object({ type: z.literal("session") }),
  z.object({
    type: z.literal("oauth"),
    client_id: z.string(),
    client_name: z.string(),
    scopes: z.array(z.string()),
    expires_at: z.string().describe("ISO 8601 UTC"),
  }),
]);
export type TAuth = z.infer<typeof ZAuth>;

export const ZValidateTokenResponse = z.object({
  data: z.object({
    access: z.object({
      plan: z.enum(["free", "paid", "unlimited"]),
      limit: z.number().int().nullable(),
      period: z.enum(["lifetime", "daily"]).nullable(),
      used: z.number().int().nullable(),
      remaining: z.number().int().nullable(),
    }),
    capabilities: z.record(z.string(), ZCapability),
    scope: z.enum(["full", "collections_only"]),
    auth: ZAuth,
  }),
});

export type TValidateTokenResponse = z.infer<typeof ZValidateTokenResponse>;
