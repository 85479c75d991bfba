import { z } from "zod";
import { capabilitiesFor } from "~/server/domain/access/catalog";
import { readAccess } from "~/server/domain/access/quota";
import { rowDensityOf } from "~/server/domain/accounts/row-density";
import { authedProcedure } from "~/server/api/trpc";
import { ZRowDensity } from "./row-density.types";

/**
 * Who is signed in, with plan usage and capabilities (browser header and settings page), and how
 * the workspace's tables lay their rows out for them.
 */
export const me = authedProcedure
  .output(
    z
      .object({
        id: z.number(),
        email: z.string(),
        is_staff: z.boolean(),
        plan: z.string(),
        scope: z.string(),
        access: z.object({
          limit: z.number().nullable(),
          used: z.number().nullable(),
          remaining: z.number().nullable(),
          period: z.string().nullable(),
        }),
        capabilities: z.record(z.string(), z.object({ allowed: z.boolean() }).passthrough()),
      })
      .extend(ZRowDensity.shape),
  )
  .query(async ({ ctx }) => {
    const [{ limit, used, remaining, period }, rowDensity] = await Promise.all([
      readAccess(ctx.db, ctx.account),
      rowDensityOf(ctx.db, ctx.account.id),
    ]);
    return {
      id: ctx.account.id,
      email: ctx.account.email,
      is_staff: ctx.account.isStaff,
      plan: ctx.account.plan,
      scope: ctx.account.scope,
      access: { limit, used, remaining, period },
      capabilities: capabilitiesFor(ctx.account),
      row_density: rowDensity,
    };
  });
