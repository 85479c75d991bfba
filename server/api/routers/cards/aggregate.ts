import { restMeta } from "~/server/api/contract";
import { protectedProcedure } from "~/server/api/trpc";
import { aggregateCards } from "~/server/domain/cards/aggregate";
import { withSavedFilter } from "~/server/domain/saved-filters/merge";
import { cardAggregateContract } from "./aggregate.contract";
import type { TCardAggregateResponse } from "./aggregate.types";
import { readCards } from "./read-target";

export const cardAggregateRoute = protectedProcedure
  .meta(restMeta(cardAggregateContract))
  .input(cardAggregateContract.input)
  .output(cardAggregateContract.output)
  .query(async ({ ctx, input }): Promise<TCardAggregateResponse> => {
    const params = await withSavedFilter(ctx.db, ctx.account.id, input);
    const r = await readCards(ctx.db, ctx.account, params, (db) => aggregateCards(db, ctx.account.id, params));
    return { data: r.groups, meta: { group_by: input.group_by, total: r.total, groups: r.groupCount, overlapping: r.overlapping } };
  });
