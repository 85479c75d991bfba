import { onReplica } from "../../../db/replicas";
import { listCardInteractions } from "../../../domain/cards/interactions";
import { pagination } from "../../envelope";
import { protectedProcedure } from "../../trpc";
import {
  ZCardInteractionsRequest,
  ZCardInteractionsResponse,
  type TCardInteractionsResponse,
} from "./interactions.types";

export const cardInteractionsRoute = protectedProcedure
  .meta({
    scope: "cards:read",
    openapi: {
      method: "GET",
      path: "/cards/{slug}/interactions/",
      tags: ["Cards"],
      summary: "Interactions (signals) of a card, newest first",
    },
  })
  .input(ZCardInteractionsRequest)
  .output(ZCardInteractionsResponse)
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
