import { accountRouter } from "./routers/account/_router";
import { cardsRouter } from "./routers/cards/_router";
import { participantsRouter } from "./routers/participants/_router";
import { radarRouter } from "./routers/radar/_router";
import { rawDataRouter } from "./routers/rawdata/_router";
import { tokenRouter } from "./routers/token/_router";
import { userDataRouter } from "./routers/user/_router";
import { webhooksRouter } from "./routers/webhooks/_router";
import { workspaceRouter } from "./routers/workspace/_router";
import { createTRPCRouter } from "./trpc";

/**
 * Every domain router, merged. The REST adapter matches paths in this order, so within a router a
 * static path (`/cards/stages/`) must come before a parameterised one (`/cards/{slug}/`).
 */
export const appRouter = createTRPCRouter({
  token: tokenRouter,
  cards: cardsRouter,
  user: userDataRouter,
  account: accountRouter,
  participants: participantsRouter,
  rawData: rawDataRouter,
  radar: radarRouter,
  webhooks: webhooksRouter,
  workspace: workspaceRouter,
});

export type TAppRouter = typeof appRouter;
