import { cardDetail } from "../../../domain/cards/detail";
import { protectedProcedure } from "../../trpc";
import { readCards } from "./read-target";
import { ZCardDetailRequest, ZCardDetailResponse, type TCardDetailResponse } from "./detail.types";

export const cardDetailRoute = protectedProcedure
  .meta({ scope: "cards:read", openapi: { method: "GET", path: "/cards/{slug}/", tags: ["Cards"], summary: "Card detail" } })
  .input(ZCardDetailRequest)
  .output(ZCardDetailResponse)
  .query(async ({ ctx, input }): Promise<TCardDetailResponse> => {
    const includeUserData = input.include_user_data ?? false;
    const data = await readCards(ctx.db, ctx.account.id, { include_user_data: includeUserData }, (db) =>
      cardDetail(db, ctx.account.id, input.slug, includeUserData),
    );
    return { data: data as TCardDetailResponse["data"], meta: { include_user_data: includeUserData } };
  });
