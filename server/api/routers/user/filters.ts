import { z } from "zod";
import {
  createSavedFilter,
  deleteSavedFilter,
  listSavedFilters,
  renameSavedFilter,
  setSavedFilterVisibility,
  toStoredParams,
} from "~/server/domain/saved-filters/filters";
import { assertVisibleFolders } from "~/server/domain/userdata/folders";
import { validationError } from "~/server/lib/errors";
import type { TAccount } from "~/server/domain/access/caller";
import { createTRPCRouter, protectedProcedure, type TContext } from "~/server/api/trpc";

type TUserCtx = TContext & { account: TAccount };
import { ZCardListBody, ZCardListRequest, type TCardListRequest } from "../cards/list.types";
import { ZFolderRef, ZRename, ZShare, zName } from "./user.types";

/**
 * user.filters.*: the caller's saved filters. `params` are card list parameters, validated with the
 * card list schema itself (JSON body form); paging, totals, user data and filter_id are not kept.
 * What is new in a filter and its seen mark are the /v1 procedures' (cards.filters with
 * include_counts, cards.filterNewCards, cards.markFilterSeen), which the workspace calls too.
 */
const ZCreate = z.object({ name: zName(), params: ZCardListBody }).strict();

/**
 * The same, from the workspace's /cards URL: its query parameters are the GET /v1/cards/ ones, so
 * they are read with the query-string schema (lists as comma strings).
 */
const ZCreateFromQuery = z
  .object({
    name: zName(),
    query: z.record(z.string().max(100), z.string().max(5000)).refine((q) => Object.keys(q).length <= 60, "too many parameters"),
  })
  .strict();

function parseQuery(query: Record<string, string>): TCardListRequest {
  const parsed = ZCardListRequest.safeParse(query);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw validationError(`query.${issue.path.join(".")}`, issue.message);
  }
  return parsed.data;
}

async function save(ctx: TUserCtx, name: string, params: TCardListRequest) {
  if (params.semantic && !params.search) throw validationError("params.semantic", "semantic search requires search");
  if (params.folder_ids?.length) await assertVisibleFolders(ctx.db, ctx.account.id, params.folder_ids, "params.folder_ids");
  return createSavedFilter(ctx.db, ctx.account.id, name, toStoredParams(params));
}

export const filtersRouter = createTRPCRouter({
  list: protectedProcedure.query(({ ctx }) => listSavedFilters(ctx.db, ctx.account.id)),
  create: protectedProcedure.input(ZCreate).mutation(({ ctx, input }) => save(ctx, input.name, input.params)),
  createFromQuery: protectedProcedure.input(ZCreateFromQuery).mutation(({ ctx, input }) => save(ctx, input.name, parseQuery(input.query))),
  rename: protectedProcedure.input(ZRename).mutation(({ ctx, input }) => renameSavedFilter(ctx.db, ctx.account.id, input.id, input.name)),
  delete: protectedProcedure.input(ZFolderRef).mutation(({ ctx, input }) => deleteSavedFilter(ctx.db, ctx.account.id, input.id)),
  /** Shares the filter with the caller's team, or makes it private again (its creator and the team's admins). */
  share: protectedProcedure
    .input(ZShare)
    .mutation(({ ctx, input }) => setSavedFilterVisibility(ctx.db, ctx.account.id, input.id, input.visibility)),
});
