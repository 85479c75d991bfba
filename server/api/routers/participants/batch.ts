import { participantsBySlugs } from "~/server/domain/participants/read";
import { restMeta } from "~/server/api/contract";
import { protectedProcedure } from "~/server/api/trpc";
import type { TParticipantBatchResponse } from "./batch.types";
import { getParticipantsBatchContract } from "./batch.contract";

export const participantBatchRoute = protectedProcedure
  .meta(restMeta(getParticipantsBatchContract))
  .input(getParticipantsBatchContract.input)
  .output(getParticipantsBatchContract.output)
  .query(async ({ ctx, input }): Promise<TParticipantBatchResponse> => {
    const includeUserData = input.include_user_data ?? false;
    const { data, notFound } = await participantsBySlugs(ctx.db, input.slugs, {
      savedFor: includeUserData ? ctx.account.id : undefined,
    });
    return { data, meta: { total: data.length, not_found: notFound, include_user_data: includeUserData } };
  });
