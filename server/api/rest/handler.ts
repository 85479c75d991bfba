import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";
import { AppError } from "../../lib/errors";
import { appRouter } from "../root";
import { createRestContext } from "../trpc";
import { toErrorResponse, type TErrorResponse } from "./errors";

/**
 * Serves the REST export of the tRPC procedures (`/v1/...`) from a Fetch `Request`.
 *
 * trpc-to-openapi's node handler does the routing (OpenAPI metadata on each procedure) and calls
 * the procedure; it is built once per process. This bridge adds what the spec needs around it:
 * bodies parsed strictly (empty means `{}`), both trailing-slash forms, the spec's error body
 * `{error, message}` instead of the adapter's, and the headers procedures set (rate limits).
 */

const MAX_BODY_BYTES = 1_000_000;
// PostgreSQL text cannot hold NUL characters: refuse them at the edge rather than fail in SQL.
const NUL_ERROR = new AppError("validation_error", "Parameters and bodies must not contain NUL characters.");

function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (value && typeof value === "object") {
    return Object.entries(value).some(([k, v]) => k.includes("\0") || containsNul(v));
  }
  return false;
}

function hasNul(url: URL): boolean {
  if (/%00/.test(url.pathname)) return true;
  for (const [k, v] of url.searchParams) if (k.includes("\0") || v.includes("\0")) return true;
  return false;
}
const BODY_METHODS = new Set(["POST", "PATCH", "PUT"]);

type TNodeHandler = ReturnType<typeof createOpenApiNodeHttpHandler>;
let nodeHandler: TNodeHandler | undefined;

interface TRequestState {
  error?: unknown;
}
const stateOf = new WeakMap<object, TRequestState>();

function handler(): TNodeHandler {
  nodeHandler ??= createOpenApiNodeHttpHandler({
    router: appRouter,
    createContext: ({ req, res }: { req: Request; res: { setHeader(k: string, v: string): void } }) =>
      createRestContext(req, { set: (k, v) => res.setHeader(k, v) }),
    onError: ({ error, req }: { error: unknown; req: object }) => {
      const state = stateOf.get(req);
      if (state) state.error = error;
    },
  } as never);
  return nodeHandler;
}

async function readJsonBody(req: Request): Promise<unknown> {
  const type = req.headers.get("content-type");
  if (type && !/^application\/(.+\+)?json\b/i.test(type)) {
    throw new AppError("validation_error", "Request bodies must be sent with Content-Type: application/json.");
  }
  const length = Number(req.headers.get("content-length") ?? 0);
  if (length > MAX_BODY_BYTES) throw new AppError("payload_too_large", "The request body is too large.");
  const text = await req.text();
  if (text.length > MAX_BODY_BYTES) throw new AppError("payload_too_large", "The request body is too large.");
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError("validation_error", "The request body is not valid JSON.");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new AppError("validation_error", "The request body must be a JSON object.");
  }
  if (containsNul(parsed)) throw NUL_ERROR;
  return parsed;
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

function errorResponse(e: TErrorResponse, extraHeaders?: Headers): Response {
  const res = jsonResponse(e.status, e.body, e.headers);
  extraHeaders?.forEach((v, k) => {
    if (!res.headers.has(k)) res.headers.set(k, v);
  });
  return res;
}

/** `prefix` is the part of the path before the procedure paths ("/v1"). */
export async function handleRest(req: Request, prefix = "/v1"): Promise<Response> {
  const url = new URL(req.url);
  if (!url.pathname.startsWith(prefix)) return errorResponse(toErrorResponse(new AppError("not_found", "No such endpoint."), "rest"));
  if (hasNul(url)) return errorResponse(toErrorResponse(NUL_ERROR, "rest"));
  const inner = new URL(url);
  inner.pathname = url.pathname.slice(prefix.length) || "/";

  let body: unknown = undefined;
  if (BODY_METHODS.has(req.method)) {
    try {
      body = await readJsonBody(req);
    } catch (err) {
      return errorResponse(toErrorResponse(err, "rest-body"));
    }
  }

  const headers = new Headers(req.headers);
  if (BODY_METHODS.has(req.method)) headers.set("content-type", "application/json");
  const forwarded = new Request(inner, { method: req.method, headers, signal: req.signal });
  // The adapter reads `req.query` when present; a null-prototype map keeps keys such as
  // `constructor` or `__proto__` ordinary parameters instead of breaking its parser.
  const query: Record<string, string[]> = Object.create(null);
  for (const [k, v] of inner.searchParams) (query[k] ??= []).push(v);
  const proxied = new Proxy(forwarded, {
    get(target, prop) {
      if (prop === "body") return body;
      if (prop === "query") return query;
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const state: TRequestState = {};
  stateOf.set(proxied, state);

  const resHeaders = new Headers();
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    let statusCode = 200;
    const res = {
      setHeader: (k: string, v: string | string[]) => {
        for (const item of Array.isArray(v) ? v : [v]) resHeaders.append(k, item);
      },
      get statusCode() {
        return statusCode;
      },
      set statusCode(code: number) {
        statusCode = code;
      },
      end: (chunk?: string) => resolve({ status: statusCode, text: chunk ?? "" }),
    };
    Promise.resolve(handler()(proxied as never, res as never)).catch(reject);
  }).catch((err: unknown) => ({ status: 500, text: "", error: err }));

  if (status >= 400 || state.error) {
    return errorResponse(toErrorResponse(state.error ?? new Error(`REST adapter answered ${status}`), url.pathname), resHeaders);
  }
  resHeaders.set("Content-Type", "application/json; charset=utf-8");
  resHeaders.set("Cache-Control", "no-store");
  return new Response(text, { status, headers: resHeaders });
}
