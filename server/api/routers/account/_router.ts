import { createTRPCRouter } from "~/server/api/trpc";
import { appsRouter, oauthClientsRouter } from "./apps";
import { me } from "./me";
import { createToken, listTokens, revokeToken } from "./tokens";
import { usage } from "./usage";

/** The signed-in user's account (browser only). */
export const accountRouter = createTRPCRouter({
  me,
  usage,
  tokens: createTRPCRouter({ list: listTokens, create: createToken, revoke: revokeToken }),
  apps: appsRouter,
  oauthClients: oauthClientsRouter,
});
