import { accountRouter } from "./routers/account/_router";
import { tokenRouter } from "./routers/token/_router";
import { createTRPCRouter } from "./trpc";

/**
 * Every domain router, merged. The REST adapter matches paths in this order, so within a router a
 * static path (`/cards/stages/`) must come before a parameterised one (`/cards/{slug}/`).
 */
export const appRouter = createTRPCRouter({
  token: tokenRouter,
  account: accountRouter,
});

export type TAppRouter = typeof appRouter;
