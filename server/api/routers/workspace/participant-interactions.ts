import { onReplica } from "../../../db/replicas";
import { listParticipantInteractions } from "../../../domain/participants/interactions";
import { pagination } from "../../envelope";
import { protectedProcedure } from "../../trpc";
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
