import { readAccess, requestsPerDay, requestsPerToken } from "~/server/domain/access/quota";
import { authedProcedure } from "~/server/api/trpc";
import { ZUsage } from "./usage.types";

/** The signed-in account's plan, quota and requests per day for the last 30 days (browser only). */
export const usage = authedProcedure.output(ZUsage).query(async ({ ctx }) => {
  const now = new Date();
  const [access, days, tokens] = await Promise.all([
    readAccess(ctx.db, ctx.account, now),
    requestsPerDay(ctx.db, ctx.account.id, 30, now),
    requestsPerToken(ctx.db, ctx.account.id, 30, now),
  ]);
  return {
    plan: access.plan,
    limit: access.limit,
    period: access.period,
    used: access.used,
    remaining: access.remaining,
    reset_at: access.resetAt ? access.resetAt.toISOString() : null,
    days,
    tokens,
  };
});
