import { onReplica } from "../../../db/replicas";
import { getProfile } from "../../../domain/rawdata/profiles";
import { rawDataProcedure } from "../../trpc";
import { ZGetProfileRequest, ZGetProfileResponse, type TGetProfileResponse } from "./profile.types";

export const getProfileRoute = rawDataProcedure
  .meta({
    scope: "network_a:read",
    openapi: {
      method: "GET",
      path: "/network_a/profiles/{id}/",
      tags: ["Raw data"],
      summary: "One founder profile (restricted; collections-only accounts: only within their collections)",
    },
  })
  .input(ZGetProfileRequest)
  .output(ZGetProfileResponse)
  .query(async ({ ctx, input }): Promise<TGetProfileResponse> => ({
    data: await onReplica(ctx.db, (db) => getProfile(db, ctx.account, input.id)),
  }));
