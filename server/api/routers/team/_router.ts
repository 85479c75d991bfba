import { createTRPCRouter } from "~/server/api/trpc";
import { cardPanelRoute } from "./card-panel";
import { addCommentRoute } from "./comment-add";
import { deleteCommentRoute } from "./comment-delete";
import { editCommentRoute } from "./comment-edit";
import { mentionableRoute } from "./comment-mentionable";
import { commentThreadRoute } from "./comment-thread";
import { getTeamRoute } from "./get";
import { teamWorkspaceRouter } from "./workspace";

/**
 * team.*: GET /v1/team/ (get), the workspace's team settings (workspace.*), the card page's team
 * panel (cardPanel) and the team's thread on a card (comments.*: the page of it the card page shows,
 * writing in it and the teammates its @ autocomplete offers; REST clients read it with
 * GET /v1/cards/{slug}/comments/).
 */
export const teamRouter = createTRPCRouter({
  get: getTeamRoute,
  workspace: teamWorkspaceRouter,
  cardPanel: cardPanelRoute,
  comments: createTRPCRouter({
    thread: commentThreadRoute,
    add: addCommentRoute,
    edit: editCommentRoute,
    delete: deleteCommentRoute,
    mentionable: mentionableRoute,
  }),
});
