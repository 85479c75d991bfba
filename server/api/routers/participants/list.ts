import { onReplica } from "~/server/db/replicas";
import { listParticipants } from "~/server/domain/participants/list";
import { pagination } from "~/server/api/envelope";
import { restMeta } from "~/server/api/contract";
import { protectedProcedure } from "~/server/api/trpc";
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
