import { signalsPerMonth, similarCards } from "~/server/domain/cards/workspace";
import { createTRPCRouter, protectedProcedure } from "~/server/api/trpc";
import { cardExport } from "./card-export";
import { cardSignalsRoute } from "./card-signals";
import { participantInteractionsRoute } from "./participant-interactions";
import { participantPlacesRoute } from "./participant-places";
import { profileCardsRoute } from "./profile-cards";
import { radarFollowStatusRoute } from "./radar-follow-status";
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
  cardSignals: cardSignalsRoute,
  participantInteractions: participantInteractionsRoute,
  participantPlaces: participantPlacesRoute,
  profileCards: profileCardsRoute,
  radarFollowStatus: radarFollowStatusRoute,
  cardExport,
});
