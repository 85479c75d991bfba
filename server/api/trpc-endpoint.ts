import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { clientAddressOf } from "../auth/client-address";
import { requestSource } from "../auth/same-origin";
import type { TAccount } from "../domain/access/caller";
import { env } from "../env";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../db/availability";
import { AppError, type TErrorCode } from "../lib/errors";
import { exceedsJsonDepth, MAX_JSON_DEPTH } from "../lib/json-depth";
import { findUnstorableText, unstorableTextError, type TTextFault } from "../lib/stored-text";
import { logger } from "../lib/logger";
import { appRouter } from "./root";
import { createBrowserContext } from "./trpc";

/**
 * `/api/trpc`, the browser workspace's endpoint (app/api/trpc/[trpc]/route.ts): the same procedures
 * as /v1, authenticated by the session cookie.
 *
 * - Mutations (tRPC sends them as POST; a query is refused on POST) must come from the service's own
 *   pages: an `Origin` (or, without one, a `Referer`) naming another origin is a 403, and so is a
 *   mutation with neither header from a signed-in browser (OWASP CSRF cheat sheet). Queries change
 *   nothing and are not checked.
 * - Input nested deeper than `MAX_JSON_DEPTH` (the POST body, or the `input` query parameter of a
 *   query) is a 400 before anything parses it; input holding text the database cannot store (NUL,
 *   an unpaired surrogate) is a 400 naming the parameter, as on /v1.
 * - The server bounds the body (server/body-limits.ts: `TRPC_MAX_BODY_BYTES`).
 * - Every answer is `Cache-Control: no-store` (an account's own data); a method other than GET,
 *   HEAD and POST is a 405.
 *
 * Refusals have tRPC's error shape, so the browser's client reports them as it does any error.
 */

export const TRPC_MAX_BODY_BYTES = 1_000_000;
const ENDPOINT = "/api/trpc";

/** Whether `path` is the endpoint's (a procedure, or procedures batched, under /api/trpc/). */
export const isTrpcPath = (path: string): boolean => path === ENDPOINT || path.startsWith(`${ENDPOINT}/`);

/**
 * A tRPC error answer (`{error: {message, code, data}}`) with the API's code in `data.appCode` and
 * its details, when it has any, in `data.details` (what /v1 answers as `error`, `details`).
 */
export function trpcErrorBody(code: TRPC_ERROR_CODE_KEY, status: number, appCode: TErrorCode, message: string, details?: unknown): string {
  const data = { code, httpStatus: status, appCode, ...(details === undefined ? {} : { details }) };
  return JSON.stringify({ error: { message, code: TRPC_ERROR_CODES_BY_KEY[code], data } });
}

function refusal(
  code: TRPC_ERROR_CODE_KEY,
  status: number,
  appCode: TErrorCode,
  message: string,
  headers: Record<string, string> = {},
  details?: unknown,
): Response {
  return new Response(trpcErrorBody(code, status, appCode, message, details), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers },
  });
}

/**
 * The first value of a call's input (a POST body, or a query's `input` parameter; JSON text) that
 * the database could not store: NUL or an unpaired surrogate (server/lib/stored-text.ts). In JSON
 * text either can only be written as a `\u` escape (a raw NUL is not valid JSON and decoded UTF-8
 * never holds a lone surrogate), so text without one is not parsed a second time. A batch
 * (`?batch=1`: `{"0": input, "1": input}`) names the parameter within its call's input.
 */
function inputFault(text: string, batch: boolean): TTextFault | undefined {
  if (!text.includes("\\u")) return undefined;
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    return undefined; // tRPC answers its own parse error
  }
  if (!batch || input === null || typeof input !== "object") return findUnstorableText(input);
  for (const call of Object.values(input)) {
    const fault = findUnstorableText(call);
    if (fault) return fault;
  }
  return undefined;
}

/** The 400 for input the database could not store, the whole request refused (tRPC's client gives it to every call of a batch). */
function unstorable(fault: TTextFault): Response {
  const error = unstorableTextError(fault);
  return refusal("BAD_REQUEST", 400, "validation_error", error.message, {}, error.details);
}

const tooDeep = () =>
  refusal(
    "BAD_REQUEST",
    400,
    "validation_error",
    `The input is nested too deeply (at most ${MAX_JSON_DEPTH} levels of arrays and objects).`,
  );

/** `sessionAccount` resolves the signed-in account from the request's session cookie. */
export async function serveBrowserTrpc(req: Request, sessionAccount: () => Promise<TAccount | undefined>): Promise<Response> {
  let session: Promise<TAccount | undefined> | undefined;
  const signedIn = () => (session ??= sessionAccount());

  // Queries are GET (HEAD reaches here as GET), mutations POST.
  if (req.method !== "GET" && req.method !== "POST") {
    return refusal("METHOD_NOT_SUPPORTED", 405, "method_not_allowed", `${req.method} is not allowed here: use GET or POST.`, {
      Allow: "GET, HEAD, POST",
    });
  }
  let forward = req;
  const query = new URL(req.url).searchParams;
  const batch = query.get("batch") === "1";
  if (req.method === "POST") {
    const source = requestSource(req.headers, new URL(env().BASE_URL).origin);
    if (source === "cross-origin" || (source === "unknown" && (await signedIn()) !== undefined)) {
      return refusal("FORBIDDEN", 403, "permission_denied", "This request was not sent from this site's pages.");
    }
    const text = await req.text();
    if (exceedsJsonDepth(text, MAX_JSON_DEPTH)) return tooDeep();
    const fault = inputFault(text, batch);
    if (fault) return unstorable(fault);
    forward = new Request(req.url, { method: req.method, headers: req.headers, body: text, signal: req.signal });
  } else {
    const input = query.get("input");
    if (input !== null && exceedsJsonDepth(input, MAX_JSON_DEPTH)) return tooDeep();
    const fault = input === null ? undefined : inputFault(input, batch);
    if (fault) return unstorable(fault);
  }

  return fetchRequestHandler({
    endpoint: ENDPOINT,
    req: forward,
    router: appRouter,
    createContext: async ({ resHeaders }) => createBrowserContext(await signedIn(), resHeaders, clientAddressOf(req.headers)),
    // An account's own data: never kept by a cache on the way. A database that cannot be reached
    // is a 503 with Retry-After, as on /v1 (server/db/availability.ts); so is a refusal by a limit
    // (429 throttled) with the Retry-After it gave.
    responseMeta: ({ errors }) => {
      const unavailable = errors.some((e) => !(e.cause instanceof AppError) && isDatabaseUnavailable(e.cause ?? e));
      if (unavailable) return { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": String(RETRY_AFTER_SECONDS) } };
      const retryAfter = errors.map((e) => (e.cause instanceof AppError ? e.cause.headers?.["Retry-After"] : undefined)).find(Boolean);
      return { headers: { "Cache-Control": "no-store", ...(retryAfter ? { "Retry-After": retryAfter } : {}) } };
    },
    onError: ({ error, path }) => {
      // The browser gets a generic message for these (server/api/trpc.ts); the detail is kept here.
      if (error.code === "INTERNAL_SERVER_ERROR" && !isDatabaseUnavailable(error.cause ?? error))
        logger.error("trpc error", { path, error });
    },
  });
}
