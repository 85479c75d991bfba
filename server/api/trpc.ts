/**
 * tRPC in three parts: (1) the context, (2) initialisation, (3) the procedures every router builds on.
 */
import { initTRPC, TRPCError } from "@trpc/server";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import { ZodError } from "zod";
import { callerAt, callerFromAuthorization } from "../auth/caller";
import type { TAccount, TCaller } from "../domain/access/caller";
import { requiredScopeError, unauthenticatedHeaders } from "../auth/oauth/challenges";
import { databaseUnavailableError, isDatabaseUnavailable } from "../db/availability";
import { db, type TDb } from "../db/client";
import { consumeRequest, rateLimitHeaders, type TAccess } from "../domain/access/quota";
import { AppError, INTERNAL_ERROR_BODY } from "../lib/errors";
import { validationBody } from "./rest/errors";
import { withSynchronousParsing } from "./sync-validation";
import type { TMeta } from "./contract";

// ---------------------------------------------------------------- 1. context

export interface TResponseHeaders {
  set(name: string, value: string): void;
}

export interface TContext {
  db: TDb;
  caller: TCaller;
  /** "rest": the /v1 API (token auth, quotas); "trpc": the browser UI (session auth). */
  transport: "rest" | "trpc";
  resHeaders: TResponseHeaders;
  /** Set once the request has been counted against the quota. */
  access?: TAccess;
  /** The browser's client address key (server/auth/client-address.ts), where the request came through server/http.ts. */
  clientAddress?: string;
}

/** A /v1 request's context from its Authorization header. */
export async function createRestContext(authorization: string | null, resHeaders: TResponseHeaders): Promise<TContext> {
  const prisma = await db();
  // An OAuth token issued for /mcp is not for this API (callerAt).
  const caller = callerAt("v1", await callerFromAuthorization(prisma, authorization));
  return { db: prisma, caller, transport: "rest", resHeaders };
}

/**
 * Browser calls (the /api/trpc endpoint, server-side prefetch, the CSV export): the session's
 * account (read from the cookie by the caller, server/auth/session.ts) is the caller; no session
 * is anonymous. `clientAddress` is the request's client address key, when the caller knows it.
 */
export async function createBrowserContext(
  account: TAccount | undefined,
  resHeaders: TResponseHeaders,
  clientAddress?: string,
): Promise<TContext> {
  const prisma = await db();
  const caller: TCaller = account ? { kind: "session", account } : { kind: "anonymous" };
  return { db: prisma, caller, transport: "trpc", resHeaders, clientAddress };
}

// ---------------------------------------------------------------- 2. initialisation

const t = initTRPC
  .context<TContext>()
  .meta<TMeta>()
  .create({
    // What the browser's tRPC client receives. An error no code threw on purpose (a database
    // failure, a bug) keeps its text to the server's log (server/api/trpc-endpoint.ts) and answers
    // the same generic message as the REST API's 500. A database that cannot be reached answers
    // the API's 503 instead (server/db/availability.ts; trpc-endpoint.ts sets the status). Refused
    // input answers what /v1 does (rest/errors.ts): its message, and `data.details` naming each
    // parameter, never zod's issues as JSON.
    errorFormatter({ shape, error }) {
      if (!(error.cause instanceof AppError) && isDatabaseUnavailable(error.cause ?? error)) {
        const unavailable = databaseUnavailableError();
        return {
          ...shape,
          code: TRPC_ERROR_CODES_BY_KEY.SERVICE_UNAVAILABLE,
          message: unavailable.message,
          data: {
            ...shape.data,
            code: "SERVICE_UNAVAILABLE" as const,
            httpStatus: unavailable.status,
            stack: undefined,
            appCode: unavailable.code,
          },
        };
      }
      const app = error.cause instanceof AppError ? error.cause : undefined;
      const internal = error.code === "INTERNAL_SERVER_ERROR" && !app;
      const body = app ? app.toBody() : error.cause instanceof ZodError ? validationBody(error.cause) : undefined;
      return {
        ...shape,
        message: internal ? INTERNAL_ERROR_BODY.message : (body?.message ?? shape.message),
        data: {
          ...shape.data,
          stack: undefined,
          appCode: internal ? INTERNAL_ERROR_BODY.error : body?.error,
          details: internal ? undefined : body?.details,
        },
      };
    },
  });

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

/** tRPC carries AppErrors as the cause of a TRPCError; the HTTP edge turns them back into bodies. */
function asTRPCError(err: AppError): TRPCError {
  const codes = {
    400: "BAD_REQUEST",
    401: "UNAUTHORIZED",
    403: "FORBIDDEN",
    404: "NOT_FOUND",
    405: "METHOD_NOT_SUPPORTED",
    409: "CONFLICT",
    410: "PRECONDITION_FAILED",
    413: "PAYLOAD_TOO_LARGE",
    429: "TOO_MANY_REQUESTS",
    500: "INTERNAL_SERVER_ERROR",
    503: "SERVICE_UNAVAILABLE",
  } as const;
  const code = codes[err.status as keyof typeof codes] ?? "INTERNAL_SERVER_ERROR";
  return new TRPCError({ code, message: err.message, cause: err });
}

/** A middleware's result with an AppError cause carried as the TRPCError of its status. */
function withAppErrorStatus<R extends { ok: boolean; error?: TRPCError }>(result: R): R {
  if (!result.ok && result.error?.cause instanceof AppError) return { ...result, error: asTRPCError(result.error.cause) };
  return result;
}

// ---------------------------------------------------------------- 3. procedures

/** Every procedure validates synchronously (sync-validation.ts). */
const baseProcedure = withSynchronousParsing(t.procedure);

/**
 * The caller of an authenticated procedure: 401 without or with a bad token; API and OAuth token
 * requests are counted against the account's quota (429 when exhausted) and answer with rate-limit
 * headers. An OAuth token also needs the procedure's scope (403 insufficient_scope).
 */
async function authenticate(ctx: TContext, meta: TMeta | undefined) {
  const { caller } = ctx;
  if (caller.kind === "anonymous") {
    throw new AppError(
      "not_authenticated",
      "Authentication credentials were not provided. Send 'Authorization: Token <API_TOKEN>' or 'Authorization: Bearer <ACCESS_TOKEN>'.",
      { headers: unauthenticatedHeaders() },
    );
  }
  if (caller.kind === "invalid")
    throw new AppError("authentication_failed", caller.reason, { headers: unauthenticatedHeaders("invalid_token") });
  if (caller.kind === "oauth") {
    const needed = meta?.scope;
    if (needed !== "none" && (needed === undefined || !caller.grant.scopes.includes(needed))) throw requiredScopeError(needed);
  }
  let access = ctx.access;
  if ((caller.kind === "token" || caller.kind === "oauth") && !access) {
    access = await consumeRequest(ctx.db, caller.account, new Date(), caller.kind === "token" ? caller.tokenId : undefined);
    for (const [k, v] of Object.entries(rateLimitHeaders(access))) ctx.resHeaders.set(k, v);
  }
  return { ...ctx, caller, account: caller.account, access };
}

/**
 * A procedure for an authenticated caller that `admit` lets through (it throws an AppError
 * otherwise). Authentication, the admission and the AppError statuses are one middleware: each
 * step of tRPC's middleware chain copies the call's options, a measurable share of a request.
 */
function authenticatedProcedure(admit?: (account: TAccount) => void) {
  return baseProcedure.use(async ({ ctx, meta, next }) => {
    let authed: Awaited<ReturnType<typeof authenticate>>;
    try {
      authed = await authenticate(ctx, meta);
      admit?.(authed.account);
    } catch (err) {
      throw err instanceof AppError ? asTRPCError(err) : err;
    }
    return withAppErrorStatus(await next({ ctx: authed }));
  });
}

/** Any authenticated account. */
export const authedProcedure = authenticatedProcedure();

/** Scope `full` required: collections-only accounts get 403 (spec: Accounts limited to collections, rule 4). */
export const protectedProcedure = authenticatedProcedure((account) => {
  if (account.scope !== "full") {
    throw new AppError("permission_denied", "This account is limited to collections and cannot use this endpoint.");
  }
});

/** Raw data: needs the `network_a_profiles` permission; collections-only accounts pass (their rules apply inside). */
export const rawDataProcedure = authenticatedProcedure((account) => {
  if (account.scope !== "collections_only" && !account.permissions.includes("network_a_profiles")) {
    throw new AppError(
      "permission_denied",
      "This endpoint is restricted: the account has no access to raw data. Contact support to request access.",
    );
  }
});
