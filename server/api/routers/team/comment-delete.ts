import { deleteComment } from "~/server/domain/teams/comments";
import { protectedProcedure } from "~/server/api/trpc";
import { ZDeleteCommentRequest, ZDeletedComment } from "./comment-delete.types";

/** Deletes a comment: its author's own, or any of the team's for an owner or admin. */
export const deleteCommentRoute = protectedProcedure
  .input(ZDeleteCommentRequest)
  .output(ZDeletedComment)
  .mutation(({ ctx, input }) => deleteComment(ctx.db, ctx.account.id, input.id));
