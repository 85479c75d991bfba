import { commentThread } from "~/server/domain/teams/comments";
import { protectedProcedure } from "~/server/api/trpc";
import { ZCommentThread, ZCommentThreadRequest } from "./comment-thread.types";

/**
 * The card page's thread: a page of the caller's team's comments on a card, newest first, and the
 * cursor of the older page ("Show older"). Empty for an account in no team. REST clients page the
 * same thread with GET /v1/cards/{slug}/comments/ (cards.comments).
 */
export const commentThreadRoute = protectedProcedure
  .input(ZCommentThreadRequest)
  .output(ZCommentThread)
  .query(({ ctx, input }) => commentThread(ctx.db, ctx.account.id, input.cardId, { limit: input.limit, before: input.cursor }));
