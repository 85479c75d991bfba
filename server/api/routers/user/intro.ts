import { cancelIntro, getIntro, requestIntro } from "~/server/domain/userdata/intro";
import { tokenCache } from "~/server/auth/caller";
import { createTRPCRouter, protectedProcedure } from "~/server/api/trpc";
import { ZCardRef, ZIntroInput } from "./user.types";

/** user.intro.*: the caller's intro requests (has_intro_request), only for cards open to intro. */
export const introRouter = createTRPCRouter({
  /** The request on one card (message, date), or null: what the card page shows after a reload. */
  get: protectedProcedure.input(ZCardRef).query(({ ctx, input }) => getIntro(ctx.db, ctx.account.id, input.cardId)),
  request: protectedProcedure.input(ZIntroInput).mutation(async ({ ctx, input }) => {
    const intro = await requestIntro(ctx.db, ctx.account.id, input.cardId, input.message || undefined);
    // The account's first intro request sets account.asked_intro, which the tokens this process
    // remembers carry (TAccount.askedIntro): they are forgotten here at once, before the answer
    // goes out, rather than when this process hears the change's vm_auth notification.
    if (!ctx.account.askedIntro) tokenCache.invalidate();
    return intro;
  }),
  cancel: protectedProcedure.input(ZCardRef).mutation(({ ctx, input }) => cancelIntro(ctx.db, ctx.account.id, input.cardId)),
});
