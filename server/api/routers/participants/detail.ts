import { onReplica } from "../../../db/replicas";
import { participantBySlug } from "../../../domain/participants/read";
import { protectedProcedure } from "../../trpc";
import { ZParticipantDetailRequest, ZParticipantDetailResponse, type TParticipantDetailResponse } from "./detail.types";

export const participantDetailRoute = protectedProcedure
  .meta({
    scope: "participants:read",
    openapi: {
      method: "GET",
      path: "/participants/{slug}/",
      tags: ["Participants"],
      summary: "One participant with its sources; 404 not_found for an unknown slug",
    },
  })
  .input(ZParticipantDetailRequest)
  .output(ZParticipantDetailResponse)
  .query(async ({ ctx, input }): Promise<TParticipantDetailResponse> => {
    const includeUserData = input.include_user_data ?? false;
    // Whether the caller saved it is their own data: then the primary, else a replica may answer.
    const data = includeUserData
      ? await participantBySlug(ctx.db, input.slug, { savedFor: ctx.account.id })
      : await onReplica(ctx.db, (db) => participantBySlug(db, input.slug, {}));
    return { data, meta: { include_user_data: includeUserData } };
  });
