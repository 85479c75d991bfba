import { onReplica } from "~/server/db/replicas";
import { participantBySlug } from "~/server/domain/participants/read";
import { restMeta } from "~/server/api/contract";
import { protectedProcedure } from "~/server/api/trpc";
import type { TParticipantDetailResponse } from "./detail.types";
import { getParticipantContract } from "./detail.contract";

export const participantDetailRoute = protectedProcedure
  .meta(restMeta(getParticipantContract))
  .input(getParticipantContract.input)
  .output(getParticipantContract.output)
  .query(async ({ ctx, input }): Promise<TParticipantDetailResponse> => {
    const includeUserData = input.include_user_data ?? false;
    // Whether the caller saved it is their own data: then the primary, else a replica may answer.
    const data = includeUserData
      ? await participantBySlug(ctx.db, input.slug, { savedFor: ctx.account.id })
      : await onReplica(ctx.db, (db) => participantBySlug(db, input.slug, {}));
    return { data, meta: { include_user_data: includeUserData } };
  });
