import { setRowDensity } from "~/server/domain/accounts/row-density";
import { authedProcedure } from "~/server/api/trpc";
import { ZRowDensity } from "./row-density.types";

/** Keeps how the workspace's tables lay their rows out (comfortable or compact) with the account (browser only). */
export const setRowDensityProcedure = authedProcedure
  .input(ZRowDensity)
  .output(ZRowDensity)
  .mutation(({ ctx, input }) => setRowDensity(ctx.db, ctx.account.id, input.row_density));
