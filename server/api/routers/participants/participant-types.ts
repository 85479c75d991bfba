import { onReplica } from "../../../db/replicas";
import { participantTypes } from "../../../domain/participants/read";
import { restMeta } from "../../contract";
import { protectedProcedure } from "../../trpc";
import type { TParticipantTypesResponse } from "./participant-types.types";
import { listParticipantTypesContract } from "./participant-types.contract";

export const participantTypesRoute = protectedProcedure
  .meta(restMeta(listParticipantTypesContract))
  .input(listParticipantTypesContract.input)
  .output(listParticipantTypesContract.output)
  .query(async ({ ctx }): Promise<TParticipantTypesResponse> => {
    const data = await onReplica(ctx.db, participantTypes);
    return { data, meta: { total: data.length } };
  });
