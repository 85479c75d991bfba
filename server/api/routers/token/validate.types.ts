import { z } from "zod";

export const ZValidateTokenRequest = z.object({}).strict();

const ZCapability = z.object({
  path: z.string(),
  allowed: z.boolean(),
  access: z.literal("restricted").optional(),
  note: z.string().optional(),
});

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
  }),
});

export type TValidateTokenResponse = z.infer<typeof ZValidateTokenResponse>;
