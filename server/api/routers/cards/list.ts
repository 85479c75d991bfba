import { listCards } from "../../../domain/cards/list";
import { pagination } from "../../envelope";
import { restMeta } from "../../contract";
import { protectedProcedure, type TContext } from "../../trpc";
import type { TAccount } from "../../../domain/access/caller";
import type { TCardListRequest, TCardListResponse } from "./list.types";
import { readCards } from "./read-target";
import { withSavedFilter } from "./saved-filter";
import { listCardsContract, searchCardsContract } from "./list.contract";

async function run(ctx: TContext & { account: TAccount }, input: TCardListRequest): Promise<TCardListResponse> {
  const params = await withSavedFilter(ctx.db, ctx.account.id, input);
  const r = await readCards(ctx.db, ctx.account.id, params, (db) => listCards(db, ctx.account.id, params));
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
  .query(({ ctx, input }) => run(ctx, input));

export const listCardsPostRoute = protectedProcedure
  .meta(restMeta(searchCardsContract))
  .input(searchCardsContract.input)
  .output(searchCardsContract.output)
  .mutation(({ ctx, input }) => run(ctx, input));
