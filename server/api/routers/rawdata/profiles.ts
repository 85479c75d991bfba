import { onReplica } from "~/server/db/replicas";
import { listProfiles } from "~/server/domain/rawdata/profiles";
import { parseProfileQuery } from "~/server/domain/rawdata/query";
import { restMeta } from "~/server/api/contract";
import { rawDataProcedure } from "~/server/api/trpc";
import type { TListProfilesResponse } from "./profiles.types";
import { listFounderProfilesContract } from "./profiles.contract";

export const listProfilesRoute = rawDataProcedure
  .meta(restMeta(listFounderProfilesContract))
  .input(listFounderProfilesContract.input)
  .output(listFounderProfilesContract.output)
  .query(async ({ ctx, input }): Promise<TListProfilesResponse> =>
    onReplica(ctx.db, (db) => listProfiles(db, ctx.account, parseProfileQuery(input))),
  );
