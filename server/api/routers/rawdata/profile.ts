import { onReplica } from "~/server/db/replicas";
import { getProfile } from "~/server/domain/rawdata/profiles";
import { restMeta } from "~/server/api/contract";
import { rawDataProcedure } from "~/server/api/trpc";
import type { TGetProfileResponse } from "./profile.types";
import { getFounderProfileContract } from "./profile.contract";

export const getProfileRoute = rawDataProcedure
  .meta(restMeta(getFounderProfileContract))
  .input(getFounderProfileContract.input)
  .output(getFounderProfileContract.output)
  .query(async ({ ctx, input }): Promise<TGetProfileResponse> => ({
    data: await onReplica(ctx.db, (db) => getProfile(db, ctx.account, input.id)),
  }));
