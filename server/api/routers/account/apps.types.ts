import { z } from "zod";
import { OAUTH_SCOPES } from "~/server/domain/access/scopes";

export const ZConnectedApp = z.object({
  client_id: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  connected_at: z.string(),
  last_used_at: z.string().nullable(),
  active_tokens: z.number().int(),
});

export const ZClientRef = z.object({ client_id: z.string().min(1).max(200) }).strict();

export const ZOAuthClient = z.object({
  client_id: z.string(),
  name: z.string(),
  type: z.enum(["confidential", "public"]),
  redirect_uris: z.array(z.string()),
  scopes: z.array(z.string()),
  dynamic: z.boolean(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type TOAuthClientItem = z.infer<typeof ZOAuthClient>;

export const ZCreateClientRequest = z
  .object({
    name: z.string().trim().min(1, "must not be empty").max(100),
    redirect_uris: z.array(z.string().trim().min(1).max(2000)).min(1, "at least one redirect URI").max(20),
    type: z.enum(["confidential", "public"]),
    scopes: z.array(z.enum(OAUTH_SCOPES)).min(1, "at least one scope"),
  })
  .strict();

export const ZCreateClientResponse = z.object({ client: ZOAuthClient, client_secret: z.string().nullable() });
