import { cancelIntro, requestIntro } from "../../../domain/userdata/intro";
import { createTRPCRouter, protectedProcedure } from "../../trpc";
import { ZCardRef, ZIntroInput } from "./user.types";

/** user.intro.*: the caller's intro requests (has_intro_request), only for cards open to intro. */
export const introRouter = createTRPCRouter({
  request: protectedProcedure
    .input(ZIntroInput)
    .mutation(({ ctx, input }) => requestIntro(ctx.db, ctx.account.id, input.cardId, input.message || undefined)),
  cancel: protectedProcedure.input(ZCardRef).mutation(({ ctx, input }) => cancelIntro(ctx.db, ctx.account.id, input.cardId)),
});
