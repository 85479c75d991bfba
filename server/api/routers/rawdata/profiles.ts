import { onReplica } from "../../../db/replicas";
import { listProfiles } from "../../../domain/rawdata/profiles";
import { parseProfileQuery } from "../../../domain/rawdata/query";
import { rawDataProcedure } from "../../trpc";
import { ZListProfilesRequest, ZListProfilesResponse, type TListProfilesResponse } from "./profiles.types";

export const listProfilesRoute = rawDataProcedure
  .meta({
    scope: "network_a:read",
    openapi: {
      method: "GET",
      path: "/network_a/profiles/",
      tags: ["Raw data"],
      summary: "List founder profiles, or read collections with ?collection= (restricted)",
    },
  })
  .input(ZListProfilesRequest)
  .output(ZListProfilesResponse)
  .query(
    async ({ ctx, input }): Promise<TListProfilesResponse> => onReplica(ctx.db, (db) => listProfiles(db, ctx.account, parseProfileQuery(input))),
  );
