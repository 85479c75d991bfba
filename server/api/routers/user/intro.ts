import { cancelIntro, getIntro, requestIntro } from "~/server/domain/userdata/intro";
import { createTRPCRouter, protectedProcedure } from "~/server/api/trpc";
import { ZCardRef, ZIntroInput } from "./user.types";

/** user.intro.*: the caller's intro requests (has_intro_request), only for cards open to intro. */
export const introRouter = createTRPCRouter({
  /** The request on one card (message, date), or null: what the card page shows after a reload. */
  get: protectedProcedure.input(ZCardRef).query(({ ctx, input }) => getIntro(ctx.db, ctx.account.id, input.cardId)),
  request: protectedProcedure
    .input(ZIntroInput)
    .mutation(({ ctx, input }) => requestIntro(ctx.db, ctx.account.id, input.cardId, input.message || undefined)),
  cancel: protectedProcedure.input(ZCardRef).mutation(({ ctx, input }) => cancelIntro(ctx.db, ctx.account.id, input.cardId)),
});
