import { notifyMentions } from "~/server/domain/notifications/mentions";
import { addComment } from "~/server/domain/teams/comments";
import { protectedProcedure } from "~/server/api/trpc";
import { ZAddCommentRequest, ZWrittenComment } from "./comment-add.types";

/** Posts a comment in the caller's team's thread on a card; every teammate it mentions gets a notification. */
export const addCommentRoute = protectedProcedure
  .input(ZAddCommentRequest)
  .output(ZWrittenComment)
  .mutation(async ({ ctx, input }) => {
    const r = await addComment(ctx.db, ctx.account.id, input.cardId, input.text);
    await notifyMentions(ctx.db, r.comment, r.mentioned);
    return r;
  });
