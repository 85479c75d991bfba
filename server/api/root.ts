import { accountRouter } from "./routers/account/_router";
import { cardsRouter } from "./routers/cards/_router";
import { notificationsRouter } from "./routers/notifications/_router";
import { participantsRouter } from "./routers/participants/_router";
import { radarRouter } from "./routers/radar/_router";
import { rawDataRouter } from "./routers/rawdata/_router";
import { searchRouter } from "./routers/search/_router";
import { changesRouter } from "./routers/changes/_router";
import { teamRouter } from "./routers/team/_router";
import { tokenRouter } from "./routers/token/_router";
import { userDataRouter } from "./routers/user/_router";
import { webhooksRouter } from "./routers/webhooks/_router";
import { workspaceRouter } from "./routers/workspace/_router";
import { createTRPCRouter } from "./trpc";

/**
 * Every domain router, merged. This order is the order of the OpenAPI document's paths; REST path
 * matching does not depend on it (a fixed path wins over a parameter: rest/route-order.ts).
 */
export const appRouter = createTRPCRouter({
  token: tokenRouter,
  cards: cardsRouter,
  search: searchRouter,
  changes: changesRouter,
  user: userDataRouter,
  account: accountRouter,
  participants: participantsRouter,
  rawData: rawDataRouter,
  radar: radarRouter,
  webhooks: webhooksRouter,
  team: teamRouter,
  workspace: workspaceRouter,
  notifications: notificationsRouter,
});

export type TAppRouter = typeof appRouter;
