import { onReplica } from "~/server/db/replicas";
import { profileCards } from "~/server/domain/rawdata/profile-cards";
import { rawDataProcedure } from "~/server/api/trpc";
import { ZProfileCardsRequest, ZProfileCardsResponse, type TProfileCardsResponse } from "./profile-cards.types";

/** Cards whose network profile is this one; the raw-data permission and the profile's visibility apply. */
export const profileCardsRoute = rawDataProcedure
  .input(ZProfileCardsRequest)
  .output(ZProfileCardsResponse)
  .query(async ({ ctx, input }): Promise<TProfileCardsResponse> => ({
    data: await onReplica(ctx.db, (db) => profileCards(db, ctx.account, input.id)),
  }));
