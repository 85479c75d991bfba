import { onReplica } from "../../../db/replicas";
import { listProfiles } from "../../../domain/rawdata/profiles";
import { parseProfileQuery } from "../../../domain/rawdata/query";
import { restMeta } from "../../contract";
import { rawDataProcedure } from "../../trpc";
import type { TListProfilesResponse } from "./profiles.types";
import { listFounderProfilesContract } from "./profiles.contract";

export const listProfilesRoute = rawDataProcedure
  .meta(restMeta(listFounderProfilesContract))
  .input(listFounderProfilesContract.input)
  .output(listFounderProfilesContract.output)
  .query(async ({ ctx, input }): Promise<TListProfilesResponse> =>
    onReplica(ctx.db, (db) => listProfiles(db, ctx.account, parseProfileQuery(input))),
  );
