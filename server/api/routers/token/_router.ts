import { createTRPCRouter } from "../../trpc";
import { validateTokenRoute } from "./validate";

export const tokenRouter = createTRPCRouter({
  validate: validateTokenRoute,
});
