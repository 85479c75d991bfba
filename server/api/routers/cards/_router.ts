import { createTRPCRouter } from "~/server/api/trpc";
import { cardAggregateRoute } from "./aggregate";
import { cardCommentsRoute } from "./comments";
import { cardDetailRoute } from "./detail";
import { markSavedFilterSeenRoute, savedFilterNewCardsRoute } from "./filter-news";
import { cardInteractionsRoute } from "./interactions";
import { listCardsPostRoute, listCardsRoute } from "./list";
import { cardLookupRoute } from "./lookup";
import { categoriesRoute, filtersRoute, foldersRoute, locationsRoute, roundsRoute, sourceTypesRoute, stagesRoute } from "./reference";

/** /v1/cards/...: the cards, their interactions, the team's comments on them, the reference data of their filters and the new cards of saved filters. */
export const cardsRouter = createTRPCRouter({
  list: listCardsRoute,
  search: listCardsPostRoute,
  lookup: cardLookupRoute,
  aggregate: cardAggregateRoute,
  categories: categoriesRoute,
  stages: stagesRoute,
  rounds: roundsRoute,
  locations: locationsRoute,
  folders: foldersRoute,
  filters: filtersRoute,
  filterNewCards: savedFilterNewCardsRoute,
  markFilterSeen: markSavedFilterSeenRoute,
  sourceTypes: sourceTypesRoute,
  interactions: cardInteractionsRoute,
  comments: cardCommentsRoute,
  detail: cardDetailRoute,
});
