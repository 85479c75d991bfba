import { cardDetail } from "~/server/domain/cards/detail";
import { restMeta } from "~/server/api/contract";
import { protectedProcedure } from "~/server/api/trpc";
import { readCards } from "./read-target";
import type { TCardDetailResponse } from "./detail.types";
import { getCardContract } from "./detail.contract";

export const cardDetailRoute = protectedProcedure
  .meta(restMeta(getCardContract))
  .input(getCardContract.input)
  .output(getCardContract.output)
  .query(async ({ ctx, input }): Promise<TCardDetailResponse> => {
    const includeUserData = input.include_user_data ?? false;
    const data = await readCards(ctx.db, ctx.account, { include_user_data: includeUserData }, (db) =>
      cardDetail(db, ctx.account.id, input.slug, includeUserData),
    );
    return { data: data as TCardDetailResponse["data"], meta: { include_user_data: includeUserData } };
  });
