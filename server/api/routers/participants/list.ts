import { onReplica } from "../../../db/replicas";
import { listParticipants } from "../../../domain/participants/list";
import { pagination } from "../../envelope";
import { protectedProcedure } from "../../trpc";
import { toListQuery, ZListParticipantsRequest, ZListParticipantsResponse, type TListParticipantsResponse } from "./list.types";

export const listParticipantsRoute = protectedProcedure
  .meta({
    scope: "participants:read",
    openapi: {
      method: "GET",
      path: "/participants/",
      tags: ["Participants"],
      summary: "List participants (funds, investors, angels...) with filters, text search and sorting",
    },
  })
  .input(ZListParticipantsRequest)
  .output(ZListParticipantsResponse)
  .query(async ({ ctx, input }): Promise<TListParticipantsResponse> => {
    const query = toListQuery(input);
    // Saved participants are the caller's own data: read on the primary; the rest may go to a replica.
    const ownData = query.includeUserData || query.savedOnly;
    const result = ownData
      ? await listParticipants(ctx.db, ctx.account.id, query)
      : await onReplica(ctx.db, (db) => listParticipants(db, ctx.account.id, query));
    return { data: result.data, pagination: pagination(input.limit, input.offset, result.total, result.fetched), meta: result.meta };
  });
