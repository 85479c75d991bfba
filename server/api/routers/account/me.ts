import { z } from "zod";
import { capabilitiesFor } from "~/server/domain/access/catalog";
import { readAccess } from "~/server/domain/access/quota";
import { authedProcedure } from "~/server/api/trpc";

/** Who is signed in, with plan usage and capabilities (browser header and settings page). */
export const me = authedProcedure
  .output(
    z.object({
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
    }),
  )
  .query(async ({ ctx }) => {
    const { limit, used, remaining, period } = await readAccess(ctx.db, ctx.account);
    return {
      id: ctx.account.id,
      email: ctx.account.email,
      is_staff: ctx.account.isStaff,
      plan: ctx.account.plan,
      scope: ctx.account.scope,
      access: { limit, used, remaining, period },
      capabilities: capabilitiesFor(ctx.account),
    };
  });
