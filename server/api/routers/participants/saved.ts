import { listParticipants } from "~/server/domain/participants/list";
import { saveParticipant, unsaveParticipant } from "~/server/domain/participants/saved";
import { pagination } from "~/server/api/envelope";
import { createTRPCRouter, protectedProcedure } from "~/server/api/trpc";
import { toListQuery, ZListParticipantsResponse, ZListSavedParticipantsRequest, type TListParticipantsResponse } from "./list.types";
import { ZSavedParticipantRequest, ZSavedParticipantResponse, type TSavedParticipantResponse } from "./saved.types";

/** Saved participants of the signed-in account, for the browser UI (tRPC only, no REST export). */
export const savedParticipantsRouter = createTRPCRouter({
  save: protectedProcedure
    .input(ZSavedParticipantRequest)
    .output(ZSavedParticipantResponse)
    .mutation(async ({ ctx, input }): Promise<TSavedParticipantResponse> => ({
      data: await saveParticipant(ctx.db, ctx.account.id, input.slug),
    })),

  unsave: protectedProcedure
    .input(ZSavedParticipantRequest)
    .output(ZSavedParticipantResponse)
    .mutation(async ({ ctx, input }): Promise<TSavedParticipantResponse> => ({
      data: await unsaveParticipant(ctx.db, ctx.account.id, input.slug),
    })),

  /** The participants list restricted to the caller's saved ones (same parameters), items with is_saved. */
  list: protectedProcedure
    .input(ZListSavedParticipantsRequest)
    .output(ZListParticipantsResponse)
    .query(async ({ ctx, input }): Promise<TListParticipantsResponse> => {
      const query = toListQuery({ ...input, saved_only: true, include_user_data: true });
      const result = await listParticipants(ctx.db, ctx.account.id, query);
      return { data: result.data, pagination: pagination(input.limit, input.offset, result.total, result.fetched), meta: result.meta };
    }),
});
