import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { requestSource } from "../auth/same-origin";
import type { TAccount } from "../domain/access/caller";
import { env } from "../env";
import type { TErrorCode } from "../lib/errors";
import { exceedsJsonDepth, MAX_JSON_DEPTH } from "../lib/json-depth";
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
 *   query) is a 400 before anything parses it.
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

/** A tRPC error answer (`{error: {message, code, data}}`) with the API's code in `data.appCode`. */
export function trpcErrorBody(code: TRPC_ERROR_CODE_KEY, status: number, appCode: TErrorCode, message: string): string {
  return JSON.stringify({ error: { message, code: TRPC_ERROR_CODES_BY_KEY[code], data: { code, httpStatus: status, appCode } } });
}

function refusal(
  code: TRPC_ERROR_CODE_KEY,
  status: number,
  appCode: TErrorCode,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(trpcErrorBody(code, status, appCode, message), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers },
  });
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
  if (req.method === "POST") {
    const source = requestSource(req.headers, new URL(env().BASE_URL).origin);
    if (source === "cross-origin" || (source === "unknown" && (await signedIn()) !== undefined)) {
      return refusal("FORBIDDEN", 403, "permission_denied", "This request was not sent from this site's pages.");
    }
    const text = await req.text();
    if (exceedsJsonDepth(text, MAX_JSON_DEPTH)) return tooDeep();
    forward = new Request(req.url, { method: req.method, headers: req.headers, body: text, signal: req.signal });
  } else {
    const input = new URL(req.url).searchParams.get("input");
    if (input !== null && exceedsJsonDepth(input, MAX_JSON_DEPTH)) return tooDeep();
  }

  return fetchRequestHandler({
    endpoint: ENDPOINT,
    req: forward,
    router: appRouter,
    createContext: async ({ resHeaders }) => createBrowserContext(await signedIn(), resHeaders),
    // An account's own data: never kept by a cache on the way.
    responseMeta: () => ({ headers: { "Cache-Control": "no-store" } }),
    onError: ({ error, path }) => {
      // The browser gets a generic message for these (server/api/trpc.ts); the detail is kept here.
      if (error.code === "INTERNAL_SERVER_ERROR") logger.error("trpc error", { path, error });
    },
  });
}
