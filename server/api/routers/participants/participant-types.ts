import { onReplica } from "../../../db/replicas";
import { participantTypes } from "../../../domain/participants/read";
import { protectedProcedure } from "../../trpc";
import { ZParticipantTypesRequest, ZParticipantTypesResponse, type TParticipantTypesResponse } from "./participant-types.types";

export const participantTypesRoute = protectedProcedure
  .meta({
    scope: "participants:read",
    openapi: {
      method: "GET",
      path: "/participants/types/",
      tags: ["Participants"],
      summary: "Participant type slugs for the type filter",
    },
  })
  .input(ZParticipantTypesRequest)
  .output(ZParticipantTypesResponse)
  .query(async ({ ctx }): Promise<TParticipantTypesResponse> => {
    const data = await onReplica(ctx.db, participantTypes);
    return { data, meta: { total: data.length } };
  });
