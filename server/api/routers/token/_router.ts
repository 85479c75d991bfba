import { createTRPCRouter } from "~/server/api/trpc";
import { validateTokenRoute } from "./validate";

export const tokenRouter = createTRPCRouter({
  validate: validateTokenRoute,
});
