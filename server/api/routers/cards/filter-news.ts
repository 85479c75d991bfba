import { markSavedFilterSeen, savedFilterNewFrom } from "~/server/domain/saved-filters/status";
import { restMeta } from "~/server/api/contract";
import { protectedProcedure } from "~/server/api/trpc";
import { iso } from "~/server/lib/format";
import { markSavedFilterSeenContract, savedFilterNewCardsContract } from "./filter-news.contract";
import { runCardList } from "./list";

/**
 * GET /v1/cards/filters/{id}/new/: the card list of the saved filter (as `filter_id`, under the
 * filter parameters given) narrowed to the cards created since the instant its new cards count
 * from: the workspace's "Only new" list and its "N new" count.
 */
export const savedFilterNewCardsRoute = protectedProcedure
  .meta(restMeta(savedFilterNewCardsContract))
  .input(savedFilterNewCardsContract.input)
  .output(savedFilterNewCardsContract.output)
  .query(async ({ ctx, input }) => {
    const { id, since, ...params } = input;
    const from = await savedFilterNewFrom(ctx.db, ctx.account.id, id, since);
    const list = await runCardList(ctx, { ...params, filter_id: id }, from);
    return { ...list, meta: { ...list.meta, since: iso(from) } };
  });

/** POST /v1/cards/filters/{id}/seen/: the workspace's "Mark seen". */
export const markSavedFilterSeenRoute = protectedProcedure
  .meta(restMeta(markSavedFilterSeenContract))
  .input(markSavedFilterSeenContract.input)
  .output(markSavedFilterSeenContract.output)
  .mutation(async ({ ctx, input }) => ({ data: await markSavedFilterSeen(ctx.db, ctx.account.id, input.id) }));
