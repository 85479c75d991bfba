import { onReplica } from "~/server/db/replicas";
import { participantPlaces } from "~/server/domain/participants/places";
import { protectedProcedure } from "~/server/api/trpc";
import { ZParticipantPlacesRequest, ZParticipantPlacesResponse, type TParticipantPlacesResponse } from "./participant-places.types";

/** The country each participant mostly signals in (participants have no location of their own). */
export const participantPlacesRoute = protectedProcedure
  .input(ZParticipantPlacesRequest)
  .output(ZParticipantPlacesResponse)
  .query(async ({ ctx, input }): Promise<TParticipantPlacesResponse> => ({
    data: await onReplica(ctx.db, (db) => participantPlaces(db, input.slugs)),
  }));
