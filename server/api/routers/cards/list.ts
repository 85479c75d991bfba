import { listCards } from "../../../domain/cards/list";
import { pagination } from "../../envelope";
import { protectedProcedure, type TContext } from "../../trpc";
import type { TAccount } from "../../../auth/caller";
import { ZCardListBody, ZCardListRequest, ZCardListResponse, type TCardListRequest, type TCardListResponse } from "./list.types";
import { readCards } from "./read-target";
import { withSavedFilter } from "./saved-filter";

async function run(ctx: TContext & { account: TAccount }, input: TCardListRequest): Promise<TCardListResponse> {
  const params = await withSavedFilter(ctx.db, ctx.account.id, input);
  const r = await readCards(ctx.db, ctx.account.id, params, (db) => listCards(db, ctx.account.id, params));
  return {
    data: r.data,
    pagination: pagination(r.page.limit, r.page.offset, r.page.total, r.page.fetched),
    meta: r.meta,
  };
}

const description =
  "Filters combine with AND across groups and OR inside a group (stages OR rounds); see the spec's Cards section.";

export const listCardsRoute = protectedProcedure
  .meta({ scope: "cards:read", openapi: { method: "GET", path: "/cards/", tags: ["Cards"], summary: "List cards", description } })
  .input(ZCardListRequest)
  .output(ZCardListResponse)
  .query(({ ctx, input }) => run(ctx, input));

export const listCardsPostRoute = protectedProcedure
  .meta({
    scope: "cards:read",
    openapi: {
      method: "POST",
      path: "/cards/",
      tags: ["Cards"],
      summary: "List cards (parameters in a JSON body, lists as arrays)",
      description,
    },
  })
  .input(ZCardListBody)
  .output(ZCardListResponse)
  .mutation(({ ctx, input }) => run(ctx, input));
