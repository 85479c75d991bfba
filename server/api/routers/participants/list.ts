import { onReplica } from "../../../db/replicas";
import { listParticipants } from "../../../domain/participants/list";
import { pagination } from "../../envelope";
import { restMeta } from "../../contract";
import { protectedProcedure } from "../../trpc";
import { toListQuery, type TListParticipantsResponse } from "./list.types";
import { listParticipantsContract } from "./list.contract";

export const listParticipantsRoute = protectedProcedure
  .meta(restMeta(listParticipantsContract))
  .input(listParticipantsContract.input)
  .output(listParticipantsContract.output)
  .query(async ({ ctx, input }): Promise<TListParticipantsResponse> => {
    const query = toListQuery(input);
    // Saved participants are the caller's own data: read on the primary; the rest may go to a replica.
    const ownData = query.includeUserData || query.savedOnly;
    const result = ownData
      ? await listParticipants(ctx.db, ctx.account.id, query)
      : await onReplica(ctx.db, (db) => listParticipants(db, ctx.account.id, query));
    return { data: result.data, pagination: pagination(input.limit, input.offset, result.total, result.fetched), meta: result.meta };
  });
