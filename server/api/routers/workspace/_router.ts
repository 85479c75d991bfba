import { signalsPerMonth, similarCards } from "../../../domain/cards/workspace";
import { createTRPCRouter, protectedProcedure } from "../../trpc";
import { cardExport } from "./card-export";
import { participantInteractionsRoute } from "./participant-interactions";
import { profileCardsRoute } from "./profile-cards";
import { ZCardSlug, ZSignalsPerMonth, ZSimilarCards, ZSimilarRequest } from "./workspace.types";

/**
 * Reads only the browser workspace's pages need (card, participant and founder profile pages, the
 * cards CSV export; tRPC only; the REST API has no such paths).
 */
export const workspaceRouter = createTRPCRouter({
  signalsPerMonth: protectedProcedure
    .input(ZCardSlug)
    .output(ZSignalsPerMonth)
    .query(async ({ ctx, input }) => ({ data: await signalsPerMonth(ctx.db, input.slug) })),
  similarCards: protectedProcedure
    .input(ZSimilarRequest)
    .output(ZSimilarCards)
    .query(({ ctx, input }) => similarCards(ctx.db, ctx.account.id, input.slug, input.limit ?? 6)),
  participantInteractions: participantInteractionsRoute,
  profileCards: profileCardsRoute,
  cardExport,
});
