import { createTRPCRouter } from "~/server/api/trpc";
import { listChangesRoute } from "./list";

/** /v1/changes/: the change feed of cards, participants and interactions. */
export const changesRouter = createTRPCRouter({
  list: listChangesRoute,
});
