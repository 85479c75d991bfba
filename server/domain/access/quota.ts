import type { TAccount } from "./caller";
import type { TDb } from "~/server/db/client";
import { env } from "~/server/env";
import { AppError } from "~/server/lib/errors";
import { countUnlimitedRequest } from "./request-days";

/** A request quota as reported in token validation `access` (spec: Token access and capabilities). */
export interface TAccess {
  plan: TAccount["plan"];
  limit: number | null;
  period: "lifetime" | "daily" | null;
  used: number | null;
  remaining: number | null;
  /** Next reset (daily plans), not part of `access` in the body. */
  resetAt: Date | null;
}

/** Account override, then group override, then plan default (docs/api.md). */
function effectiveLimit(account: TAccount): number | null {
  if (account.plan === "unlimited") return null;
  if (account.limitOverride !== null) return account.limitOverride;
  if (account.groupLimitOverride !== null) return account.groupLimitOverride;
  return account.plan === "free" ? env().FREE_LIFETIME_LIMIT : env().PAID_DAILY_LIMIT;
}

function periodKey(plan: TAccount["plan"], now: Date): string {
  return plan === "free" ? "lifetime" : now.toISOString().slice(0, 10);
}

function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Counts one request against the account's quota, atomically: the counter only moves while it is
 * under the limit, so N concurrent requests against K remaining let exactly K through. The same
 * statement adds the request to the account's count for the UTC day (request_day, the usage
 * chart) only when the quota let it through, so the day counts are as exact as the quota and cost
 * no second round trip. Throws 429 throttled (refused requests are not counted).
 * A request made with an API token (`apiTokenId`) is counted for that token's day too
 * (token_request_day, the usage page's requests per token), by the same statement.
 * Unlimited accounts have no quota statement: their day counts are added up in memory and written
 * in batches (request-days.ts), so that their requests cost the primary no statement at all.
 */
export async function consumeRequest(db: TDb, account: TAccount, now = new Date(), apiTokenId?: number): Promise<TAccess> {
  const limit = effectiveLimit(account);
  const tokenId = apiTokenId ?? null;
  if (limit === null) {
    countUnlimitedRequest(db, account.id, utcDay(now), tokenId);
    return { plan: account.plan, limit: null, period: null, used: null, remaining: null, resetAt: null };
  }
  const period = account.plan === "free" ? "lifetime" : "daily";
  const resetAt = period === "daily" ? nextUtcMidnight(now) : null;
  const rows =
    limit > 0
      ? await db.$queryRaw<{ count: number }[]>`
          WITH quota AS (
            INSERT INTO quota_counter (account_id, period, count) VALUES (${account.id}, ${periodKey(account.plan, now)}, 1)
            ON CONFLICT (account_id, period) DO UPDATE SET count = quota_counter.count + 1
            WHERE quota_counter.count < ${limit}
            RETURNING count
          ), today AS (
            INSERT INTO request_day (account_id, day, count) SELECT ${account.id}, ${utcDay(now)}::date, 1 FROM quota
            ON CONFLICT (account_id, day) DO UPDATE SET count = request_day.count + 1
          ), token_day AS (
            INSERT INTO token_request_day (token_id, day, count)
            SELECT ${tokenId}::int, ${utcDay(now)}::date, 1 FROM quota WHERE ${tokenId}::int IS NOT NULL
            ON CONFLICT (token_id, day) DO UPDATE SET count = token_request_day.count + 1
          )
          SELECT count FROM quota`
      : [];
  const used = rows[0]?.count;
  if (used === undefined) throw throttled(account.plan, limit, resetAt, now);
  return { plan: account.plan, limit, period, used, remaining: Math.max(0, limit - used), resetAt };
}

function throttled(plan: TAccount["plan"], limit: number, resetAt: Date | null, now: Date): AppError {
  if (plan === "free" || !resetAt) {
    return new AppError(
      "throttled",
      `Request quota exceeded: the free plan has a lifetime limit of ${limit} requests. Upgrade to a paid plan to continue.`,
      { extra: { plan: "free" } },
    );
  }
  const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  return new AppError(
    "throttled",
    `Request quota exceeded: the paid plan has a daily limit of ${limit} requests. The quota resets at 00:00 UTC.`,
    {
      extra: { plan: "paid", reset_at: resetAt.toISOString() },
      headers: rateLimitHeaders({ limit, remaining: 0, resetAt, retryAfter }),
    },
  );
}

export function rateLimitHeaders(q: {
  limit: number | null;
  remaining: number | null;
  resetAt: Date | null;
  retryAfter?: number;
}): Record<string, string> {
  if (q.limit === null) return {};
  const h: Record<string, string> = {
    "X-RateLimit-Limit": String(q.limit),
    "X-RateLimit-Remaining": String(q.remaining ?? 0),
  };
  if (q.resetAt) h["X-RateLimit-Reset"] = String(Math.floor(q.resetAt.getTime() / 1000));
  if (q.retryAfter !== undefined) h["Retry-After"] = String(q.retryAfter);
  return h;
}

/** Current usage without counting (UI, CLI). */
export async function readAccess(db: TDb, account: TAccount, now = new Date()): Promise<TAccess> {
  const limit = effectiveLimit(account);
  if (limit === null) {
    return { plan: account.plan, limit: null, period: null, used: null, remaining: null, resetAt: null };
  }
  const rows = await db.$queryRaw<{ count: number }[]>`
    SELECT count FROM quota_counter WHERE account_id = ${account.id} AND period = ${periodKey(account.plan, now)}`;
  const used = rows[0]?.count ?? 0;
  const daily = account.plan !== "free";
  return {
    plan: account.plan,
    limit,
    period: daily ? "daily" : "lifetime",
    used,
    remaining: Math.max(0, limit - used),
    resetAt: daily ? nextUtcMidnight(now) : null,
  };
}

export interface TRequestDay {
  /** UTC day, YYYY-MM-DD */
  day: string;
  requests: number;
}

/** The account's counted requests per UTC day for the last `days` days up to today, oldest first, zero-filled. */
export async function requestsPerDay(db: TDb, accountId: number, days = 30, now = new Date()): Promise<TRequestDay[]> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const first = new Date(today - (days - 1) * 86_400_000);
  const rows = await db.requestDay.findMany({ where: { accountId, day: { gte: first } }, select: { day: true, count: true } });
  const byDay = new Map(rows.map((r) => [utcDay(r.day), r.count]));
  return Array.from({ length: days }, (_, i) => {
    const day = utcDay(new Date(first.getTime() + i * 86_400_000));
    return { day, requests: byDay.get(day) ?? 0 };
  });
}

export interface TTokenRequests {
  id: number;
  name: string | null;
  prefix: string;
  revoked: boolean;
  last_used_at: string | null;
  /** Counted requests made with the token over the window. */
  requests: number;
}

/**
 * The account's API tokens with their counted requests over the last `days` UTC days up to today
 * (busiest first; tokens with none included, so every token is listed once).
 */
export async function requestsPerToken(db: TDb, accountId: number, days = 30, now = new Date()): Promise<TTokenRequests[]> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const first = new Date(today - (days - 1) * 86_400_000);
  const rows = await db.$queryRaw<
    { id: number; name: string | null; prefix: string; revoked: boolean; last_used_at: Date | null; requests: number }[]
  >`
    SELECT t.id, t.name, t.prefix, t.revoked_at IS NOT NULL AS revoked, t.last_used_at,
           COALESCE((SELECT sum(d.count) FROM token_request_day d WHERE d.token_id = t.id AND d.day >= ${first}::date), 0)::int AS requests
      FROM api_token t WHERE t.account_id = ${accountId}
     ORDER BY requests DESC, t.id`;
  return rows.map((r) => ({ ...r, last_used_at: r.last_used_at ? r.last_used_at.toISOString() : null }));
}
