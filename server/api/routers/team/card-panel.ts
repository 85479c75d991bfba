import { cardTeamPanel } from "~/server/domain/teams/card-panel";
import { protectedProcedure } from "~/server/api/trpc";
import { ZCardPanel, ZCardPanelRequest } from "./card-panel.types";

/**
 * The card page's team panel in one query: the caller's team and role, the team's shared folders
 * holding the card and the teammates who liked it; null (after one read) for an account in no team.
 */
export const cardPanelRoute = protectedProcedure
  .input(ZCardPanelRequest)
  .output(ZCardPanel)
  .query(({ ctx, input }) => cardTeamPanel(ctx.db, ctx.account.id, input.cardId));
