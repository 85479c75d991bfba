import { exportCards } from "../../../domain/cards/export";
import { protectedProcedure } from "../../trpc";
import { readCards } from "../cards/read-target";
import { withSavedFilter } from "../cards/saved-filter";
import { ZCardExportRequest } from "./workspace.types";

/**
 * Every card of a /cards filter (saved filter included), a chunk of list items at a time: GET
 * /api/cards/export streams them as CSV. Read where the list itself would be read (read-target.ts).
 */
export const cardExport = protectedProcedure.input(ZCardExportRequest).query(async function* ({ ctx, input }) {
  const params = await withSavedFilter(ctx.db, ctx.account.id, { ...input, limit: 1, offset: 0 });
  const db = await readCards(ctx.db, ctx.account.id, params, async (chosen) => chosen);
  yield* exportCards(db, ctx.account.id, params);
});
