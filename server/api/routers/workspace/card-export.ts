import { exportCards } from "~/server/domain/cards/export";
import { protectedProcedure } from "~/server/api/trpc";
import { readCards } from "../cards/read-target";
import { savedFilterSince } from "~/server/domain/saved-filters/status";
import { createdSince, withSavedFilter } from "~/server/domain/saved-filters/merge";
import { ZCardExportRequest } from "./workspace.types";

/**
 * Every card of a /cards filter (saved filter included, narrowed to its new cards with only_new), a chunk of list items at a time: GET
 * /api/cards/export streams them as CSV. Read where the list itself would be read (read-target.ts).
 */
export const cardExport = protectedProcedure.input(ZCardExportRequest).query(async function* ({ ctx, input }) {
  const { only_new: onlyNew, ...filter } = input;
  const merged = await withSavedFilter(ctx.db, ctx.account.id, { ...filter, limit: 1, offset: 0 });
  const params =
    onlyNew === "true" && filter.filter_id !== undefined
      ? createdSince(merged, await savedFilterSince(ctx.db, ctx.account.id, filter.filter_id))
      : merged;
  const db = await readCards(ctx.db, ctx.account, params, async (chosen) => chosen);
  yield* exportCards(db, ctx.account.id, params);
});
