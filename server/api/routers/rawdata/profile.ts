import { onReplica } from "../../../db/replicas";
import { getProfile } from "../../../domain/rawdata/profiles";
import { restMeta } from "../../contract";
import { rawDataProcedure } from "../../trpc";
import type { TGetProfileResponse } from "./profile.types";
import { getFounderProfileContract } from "./profile.contract";

export const getProfileRoute = rawDataProcedure
  .meta(restMeta(getFounderProfileContract))
  .input(getFounderProfileContract.input)
  .output(getFounderProfileContract.output)
  .query(async ({ ctx, input }): Promise<TGetProfileResponse> => ({
    data: await onReplica(ctx.db, (db) => getProfile(db, ctx.account, input.id)),
  }));
