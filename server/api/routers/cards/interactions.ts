import { onReplica } from "~/server/db/replicas";
import { listCardInteractions } from "~/server/domain/cards/interactions";
import { pagination } from "~/server/api/envelope";
import { restMeta } from "~/server/api/contract";
import { protectedProcedure } from "~/server/api/trpc";
import type { TCardInteractionsResponse } from "./interactions.types";
import { listCardInteractionsContract } from "./interactions.contract";

export const cardInteractionsRoute = protectedProcedure
  .meta(restMeta(listCardInteractionsContract))
  .input(listCardInteractionsContract.input)
  .output(listCardInteractionsContract.output)
  .query(async ({ ctx, input }): Promise<TCardInteractionsResponse> => {
    const r = await onReplica(ctx.db, (db) =>
      listCardInteractions(db, input.slug, {
        limit: input.limit,
        offset: input.offset,
        includeTotal: input.include_total ?? true,
      }),
    );
    return { data: r.data, pagination: pagination(input.limit, input.offset, r.total, r.fetched) };
  });
