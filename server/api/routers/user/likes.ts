import { likeCard, unlikeCard } from "~/server/domain/userdata/likes";
import { createTRPCRouter, protectedProcedure } from "~/server/api/trpc";
import { ZCardRef } from "./user.types";

/** user.likes.*: the caller's likes (user_data.is_liked). */
export const likesRouter = createTRPCRouter({
  like: protectedProcedure.input(ZCardRef).mutation(({ ctx, input }) => likeCard(ctx.db, ctx.account.id, input.cardId)),
  unlike: protectedProcedure.input(ZCardRef).mutation(({ ctx, input }) => unlikeCard(ctx.db, ctx.account.id, input.cardId)),
});
