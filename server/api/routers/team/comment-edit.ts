import { notifyMentions } from "~/server/domain/notifications/mentions";
import { editComment } from "~/server/domain/teams/comments";
import { protectedProcedure } from "~/server/api/trpc";
import { ZWrittenComment } from "./comment-add.types";
import { ZEditCommentRequest } from "./comment-edit.types";

/** Edits one's own comment (only its author); teammates it newly mentions get a notification. */
export const editCommentRoute = protectedProcedure
  .input(ZEditCommentRequest)
  .output(ZWrittenComment)
  .mutation(async ({ ctx, input }) => {
    const r = await editComment(ctx.db, ctx.account.id, input.id, input.text);
    await notifyMentions(ctx.db, r.comment, r.mentioned);
    return r;
  });
