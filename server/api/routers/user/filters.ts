import { z } from "zod";
import {
  createSavedFilter,
  deleteSavedFilter,
  listSavedFilters,
  renameSavedFilter,
  toStoredParams,
} from "../../../domain/userdata/filters";
import { assertOwnFolders } from "../../../domain/userdata/folders";
import { validationError } from "../../../lib/errors";
import { createTRPCRouter, protectedProcedure } from "../../trpc";
import { ZCardListBody } from "../cards/list.types";
import { ZFolderRef, ZRename, zName } from "./user.types";

/**
 * user.filters.*: the caller's saved filters. `params` are card list parameters, validated with the
 * card list schema itself (JSON body form); paging, totals, user data and filter_id are not kept.
 */
const ZCreate = z.object({ name: zName(), params: ZCardListBody }).strict();

export const filtersRouter = createTRPCRouter({
  list: protectedProcedure.query(({ ctx }) => listSavedFilters(ctx.db, ctx.account.id)),
  create: protectedProcedure.input(ZCreate).mutation(async ({ ctx, input }) => {
    const params = input.params;
    if (params.semantic && !params.search) throw validationError("params.semantic", "semantic search requires search");
    if (params.folder_ids?.length) await assertOwnFolders(ctx.db, ctx.account.id, params.folder_ids, "params.folder_ids");
    return createSavedFilter(ctx.db, ctx.account.id, input.name, toStoredParams(params));
  }),
  rename: protectedProcedure
    .input(ZRename)
    .mutation(({ ctx, input }) => renameSavedFilter(ctx.db, ctx.account.id, input.id, input.name)),
  delete: protectedProcedure
    .input(ZFolderRef)
    .mutation(({ ctx, input }) => deleteSavedFilter(ctx.db, ctx.account.id, input.id)),
});
