import { participantsBySlugs } from "../../../domain/participants/read";
import { protectedProcedure } from "../../trpc";
import { ZParticipantBatchRequest, ZParticipantBatchResponse, type TParticipantBatchResponse } from "./batch.types";

export const participantBatchRoute = protectedProcedure
  .meta({
    scope: "participants:read",
    openapi: {
      method: "GET",
      path: "/participants/batch/",
      tags: ["Participants"],
      summary: "Several participants by slug (at most 100); unknown slugs are simply absent",
    },
  })
  .input(ZParticipantBatchRequest)
  .output(ZParticipantBatchResponse)
  .query(async ({ ctx, input }): Promise<TParticipantBatchResponse> => {
    const includeUserData = input.include_user_data ?? false;
    const { data, notFound } = await participantsBySlugs(ctx.db, input.slugs, {
      savedFor: includeUserData ? ctx.account.id : undefined,
    });
    return { data, meta: { total: data.length, not_found: notFound, include_user_data: includeUserData } };
  });
