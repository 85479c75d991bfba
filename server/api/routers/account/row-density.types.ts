import { z } from "zod";
import { ROW_DENSITIES } from "~/server/domain/accounts/row-density";

/** The workspace tables' row layout for the signed-in account. */
export const ZRowDensity = z.object({ row_density: z.enum(ROW_DENSITIES) });
