import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";
import { AppError } from "~/server/lib/errors";
import { exceedsJsonDepth, MAX_JSON_DEPTH } from "~/server/lib/json-depth";
import { securityHeaders } from "~/server/lib/security-headers";
import { appRouter } from "../root";
import { createRestContext } from "../trpc";
import { toErrorResponse, type TErrorResponse } from "./errors";
import { bySpecificity } from "./route-order";

/**
 * Serves the REST export of the tRPC procedures (`/v1/...`) from a Fetch `Request`.
 *
 * trpc-to-openapi's node handler does the routing (OpenAPI metadata on each procedure; fixed paths
 * before parameterised ones, route-order.ts) and calls the procedure; it is built once per process.
 * This bridge adds what the spec needs around it: bodies parsed strictly (empty means `{}`; nested
 * at most `MAX_JSON_DEPTH` levels deep, checked on the text before parsing), both trailing-slash
 * forms, the spec's error body `{error, message}` instead of the adapter's, the headers procedures
 * set (rate limits) and the
 * security headers every response carries (server/lib/security-headers.ts).
 */

/** The largest JSON body /v1 reads (the OpenAPI document's 413; server/body-limits.ts bounds it as it arrives). */
export const MAX_BODY_BYTES = 1_000_000;
// PostgreSQL text cannot hold NUL characters: refuse them at the edge rather than fail in SQL.
export const NUL_ERROR = new AppError("validation_error", "Parameters and bodies must not contain NUL characters.");

/** True when a string anywhere in `value` (a key or a value, at any depth) holds a NUL character. Iterative: no recursion over a body. */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") {
      if (item.includes("\0")) return true;
    } else if (item && typeof item === "object") {
      for (const [k, v] of Object.entries(item)) {
        if (k.includes("\0")) return true;
        pending.push(v);
      }
    }
  }
  return false;
}

function hasNul(url: URL): boolean {
  if (/%00/.test(url.pathname)) return true;
  for (const [k, v] of url.searchParams) if (k.includes("\0") || v.includes("\0")) return true;
  return false;
}
const TOO_DEEP_ERROR = new AppError(
  "validation_error",
  `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels of arrays and objects).`,
);
const BODY_METHODS = new Set(["POST", "PATCH", "PUT"]);

type TNodeHandler = ReturnType<typeof createOpenApiNodeHttpHandler>;
let nodeHandler: TNodeHandler | undefined;

interface TRequestState {
  error?: unknown;
}
const stateOf = new WeakMap<object, TRequestState>();

function handler(): TNodeHandler {
  nodeHandler ??= createOpenApiNodeHttpHandler({
    router: bySpecificity(appRouter),
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
  if (exceedsJsonDepth(text, MAX_JSON_DEPTH)) throw TOO_DEEP_ERROR;
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
  return toResponse({ status, body: JSON.stringify(body), headers: { ...JSON_HEADERS, ...headers } });
}

/** What the REST edge answers, before any transport: the body is the JSON text. */
export interface TRestReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const JSON_HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };

function toResponse(reply: TRestReply): Response {
  return new Response(reply.body, { status: reply.status, headers: reply.headers });
}

function errorReply(e: TErrorResponse, extraHeaders?: Headers): TRestReply {
  const headers: Record<string, string> = { ...securityHeaders() };
  extraHeaders?.forEach((v, k) => (headers[k.toLowerCase()] = v));
  for (const [k, v] of Object.entries({ ...JSON_HEADERS, ...e.headers })) headers[k.toLowerCase()] = v;
  return { status: e.status, headers, body: JSON.stringify(e.body) };
}

/** Serves a Fetch `Request` (the App Router route, tests). */
export async function handleRest(req: Request, prefix = "/v1"): Promise<Response> {
  return toResponse(await restReply(req, prefix));
}

/**
 * The REST edge: `req` is the whole request (its URL includes `prefix`, "/v1"), the reply is
 * plain data that each transport writes its own way (server/api/rest/node.ts, handleRest).
 */
export async function restReply(req: Request, prefix = "/v1"): Promise<TRestReply> {
  const url = new URL(req.url);
  if (!url.pathname.startsWith(prefix)) return errorReply(toErrorResponse(new AppError("not_found", "No such endpoint."), "rest"));
  if (hasNul(url)) return errorReply(toErrorResponse(NUL_ERROR, "rest"));
  const inner = new URL(url);
  inner.pathname = url.pathname.slice(prefix.length) || "/";

  const withBody = BODY_METHODS.has(req.method);
  let body: unknown = undefined;
  if (withBody) {
    try {
      body = await readJsonBody(req);
    } catch (err) {
      return errorReply(toErrorResponse(err, "rest-body"));
    }
  }

  // The adapter sees the request at the inner path, its body already parsed (a JSON object: the
  // content type it checks is then JSON whatever was sent, since readJsonBody accepted it).
  const innerUrl = inner.toString();
  const headers = withBody ? jsonContentType(req.headers) : req.headers;
  // The adapter reads `req.query` when present; a null-prototype map keeps keys such as
  // `constructor` or `__proto__` ordinary parameters instead of breaking its parser.
  const query: Record<string, string[]> = Object.create(null);
  for (const [k, v] of inner.searchParams) (query[k] ??= []).push(v);
  const proxied = new Proxy(req, {
    get(target, prop) {
      if (prop === "url") return innerUrl;
      if (prop === "headers") return headers;
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
    return errorReply(toErrorResponse(state.error ?? new Error(`REST adapter answered ${status}`), url.pathname), resHeaders);
  }
  const out: Record<string, string> = { ...securityHeaders() };
  resHeaders.forEach((v, k) => (out[k] = v));
  out["content-type"] = JSON_HEADERS["Content-Type"];
  out["cache-control"] = JSON_HEADERS["Cache-Control"];
  return { status, headers: out, body: text };
}

/** The request's headers as the adapter must see them for a JSON body (only `get` is read). */
function jsonContentType(headers: Headers): Pick<Headers, "get"> {
  return { get: (name: string) => (name.toLowerCase() === "content-type" ? "application/json" : headers.get(name)) };
}
