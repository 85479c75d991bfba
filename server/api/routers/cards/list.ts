import { listCards } from "~/server/domain/cards/list";
import { pagination } from "~/server/api/envelope";
import { restMeta } from "~/server/api/contract";
import { protectedProcedure, type TContext } from "~/server/api/trpc";
import type { TAccount } from "~/server/domain/access/caller";
import type { TCardListRequest, TCardListResponse } from "./list.types";
import { readCards } from "./read-target";
import { createdSince, withSavedFilter } from "~/server/domain/saved-filters/merge";
import { listCardsContract, searchCardsContract } from "./list.contract";

/**
 * One page of the card list for the caller. `since` (the workspace's "only new" view of a saved
 * filter) keeps the cards created at or after that instant, on top of every other filter.
 */
export async function runCardList(
  ctx: TContext & { account: TAccount },
  input: TCardListRequest,
  since?: Date,
): Promise<TCardListResponse> {
  const merged = await withSavedFilter(ctx.db, ctx.account.id, input);
  const params = since ? createdSince(merged, since) : merged;
  const r = await readCards(ctx.db, ctx.account, params, (db) => listCards(db, ctx.account.id, params));
  return {
    data: r.data,
    pagination: pagination(r.page.limit, r.page.offset, r.page.total, r.page.fetched),
    meta: r.meta,
  };
}

export const listCardsRoute = protectedProcedure
  .meta(restMeta(listCardsContract))
  .input(listCardsContract.input)
  .output(listCardsContract.output)
  .query(({ ctx, input }) => runCardList(ctx, input));

export const listCardsPostRoute = protectedProcedure
  .meta(restMeta(searchCardsContract))
  .input(searchCardsContract.input)
  .output(searchCardsContract.output)
  .mutation(({ ctx, input }) => runCardList(ctx, input));
