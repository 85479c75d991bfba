import { onReplica } from "~/server/db/replicas";
import { participantTypes } from "~/server/domain/participants/read";
import { restMeta } from "~/server/api/contract";
import { protectedProcedure } from "~/server/api/trpc";
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
