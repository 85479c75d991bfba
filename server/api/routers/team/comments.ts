import { z } from "zod";
import { notifyMentions } from "~/server/domain/notifications/mentions";
import { addComment, deleteComment, editComment } from "~/server/domain/teams/comments";
import { createTRPCRouter, protectedProcedure } from "~/server/api/trpc";

/**
 * team.comments.*: writing in the team's thread on a card (the workspace; reading is GET
 * /v1/cards/{slug}/comments/, cards.comments). `add` and `edit` answer the comment and `mentioned`,
 * the ids of the teammates it mentions, each of whom gets a notification.
 */
const zId = () => z.number().int().min(1).max(2_147_483_647);
const zText = () => z.string().max(20_000);

export const teamCommentsRouter = createTRPCRouter({
  add: protectedProcedure.input(z.object({ cardId: zId(), text: zText() }).strict()).mutation(async ({ ctx, input }) => {
    const r = await addComment(ctx.db, ctx.account.id, input.cardId, input.text);
    await notifyMentions(ctx.db, r.comment, r.mentioned);
    return r;
  }),
  edit: protectedProcedure.input(z.object({ id: zId(), text: zText() }).strict()).mutation(async ({ ctx, input }) => {
    const r = await editComment(ctx.db, ctx.account.id, input.id, input.text);
    await notifyMentions(ctx.db, r.comment, r.mentioned);
    return r;
  }),
  delete: protectedProcedure
    .input(z.object({ id: zId() }).strict())
    .mutation(({ ctx, input }) => deleteComment(ctx.db, ctx.account.id, input.id)),
});
