import { onReplica } from "~/server/db/replicas";
import { listParticipantInteractions } from "~/server/domain/participants/interactions";
import { pagination } from "~/server/api/envelope";
import { protectedProcedure } from "~/server/api/trpc";
import {
  ZParticipantInteractionsRequest,
  ZParticipantInteractionsResponse,
  type TParticipantInteractionsResponse,
} from "./participant-interactions.types";

/** The signals a participant made or was associated with, newest first, each with its card. */
export const participantInteractionsRoute = protectedProcedure
  .input(ZParticipantInteractionsRequest)
  .output(ZParticipantInteractionsResponse)
  .query(async ({ ctx, input }): Promise<TParticipantInteractionsResponse> => {
    const r = await onReplica(ctx.db, (db) => listParticipantInteractions(db, input.slug, input));
    return { data: r.data, pagination: pagination(input.limit, input.offset, r.total, r.fetched) };
  });
