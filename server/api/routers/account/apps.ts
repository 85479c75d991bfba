import { createClient, listClients, revokeClient, type TClient } from "~/server/auth/oauth/clients";
import { listConnectedApps, revokeConnectedApp } from "~/server/auth/oauth/connected-apps";
import { AppError } from "~/server/lib/errors";
import { iso } from "~/server/lib/format";
import { authedProcedure, createTRPCRouter } from "~/server/api/trpc";
import { ZClientRef, ZConnectedApp, ZCreateClientRequest, ZCreateClientResponse, ZOAuthClient, type TOAuthClientItem } from "./apps.types";

/**
 * Connected apps of the signed-in account (browser only), and, for staff, the registration of
 * OAuth clients (the same as `vmon oauth-clients`).
 */

const staffProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.account.isStaff) throw new AppError("permission_denied", "Only staff can register OAuth applications.");
  return next();
});

const item = (c: TClient): TOAuthClientItem => ({
  client_id: c.id,
  name: c.name,
  type: c.confidential ? "confidential" : "public",
  redirect_uris: c.redirectUris,
  scopes: c.scopes,
  dynamic: c.dynamic,
  created_at: iso(c.createdAt),
  revoked_at: c.revokedAt ? iso(c.revokedAt) : null,
});

export const appsRouter = createTRPCRouter({
  list: authedProcedure.output(ZConnectedApp.array()).query(({ ctx }) => listConnectedApps(ctx.db, ctx.account.id)),
  revoke: authedProcedure.input(ZClientRef).mutation(async ({ ctx, input }) => {
    await revokeConnectedApp(ctx.db, ctx.account.id, input.client_id);
    return { revoked: true };
  }),
});

export const oauthClientsRouter = createTRPCRouter({
  list: staffProcedure.output(ZOAuthClient.array()).query(async ({ ctx }) => (await listClients(ctx.db)).map(item)),
  create: staffProcedure
    .input(ZCreateClientRequest)
    .output(ZCreateClientResponse)
    .mutation(async ({ ctx, input }) => {
      const { client, secret } = await createClient(ctx.db, {
        name: input.name,
        redirectUris: input.redirect_uris,
        confidential: input.type === "confidential",
        scopes: input.scopes,
      });
      return { client: item(client), client_secret: secret };
    }),
  revoke: staffProcedure
    .input(ZClientRef)
    .output(ZOAuthClient)
    .mutation(async ({ ctx, input }) => item(await revokeClient(ctx.db, input.client_id))),
});
