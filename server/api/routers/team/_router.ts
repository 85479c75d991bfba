import { createTRPCRouter } from "~/server/api/trpc";
import { teamCommentsRouter } from "./comments";
import { getTeamRoute } from "./get";
import { teamWorkspaceRouter } from "./workspace";

export const teamRouter = createTRPCRouter({
  get: getTeamRoute,
  workspace: teamWorkspaceRouter,
  comments: teamCommentsRouter,
});
