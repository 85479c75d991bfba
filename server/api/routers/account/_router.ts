import { createTRPCRouter } from "~/server/api/trpc";
import { appsRouter, oauthClientsRouter } from "./apps";
import { me } from "./me";
import { setRowDensityProcedure } from "./row-density";
import { createToken, listTokens, revokeToken } from "./tokens";
import { usage } from "./usage";

/** The signed-in user's account (browser only). */
export const accountRouter = createTRPCRouter({
  me,
  setRowDensity: setRowDensityProcedure,
  usage,
  tokens: createTRPCRouter({ list: listTokens, create: createToken, revoke: revokeToken }),
  apps: appsRouter,
  oauthClients: oauthClientsRouter,
});
