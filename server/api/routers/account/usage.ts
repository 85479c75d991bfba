import { readAccess, requestsPerDay } from "../../../domain/access/quota";
import { authedProcedure } from "../../trpc";
import { ZUsage } from "./usage.types";

/** The signed-in account's plan, quota and requests per day for the last 30 days (browser only). */
export const usage = authedProcedure.output(ZUsage).query(async ({ ctx }) => {
  const now = new Date();
  const [access, days] = await Promise.all([readAccess(ctx.db, ctx.account, now), requestsPerDay(ctx.db, ctx.account.id, 30, now)]);
  return {
    plan: access.plan,
    limit: access.limit,
    period: access.period,
    used: access.used,
    remaining: access.remaining,
    reset_at: access.resetAt ? access.resetAt.toISOString() : null,
    days,
  };
});
