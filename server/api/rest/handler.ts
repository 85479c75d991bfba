import { AppError } from "~/server/lib/errors";
import { exceedsJsonDepth, MAX_JSON_DEPTH } from "~/server/lib/json-depth";
import { securityHeaders } from "~/server/lib/security-headers";
import { findUnstorableText, unstorableTextError, type TTextFault } from "~/server/lib/stored-text";
import { appRouter } from "../root";
import { createRestContext } from "../trpc";
import { restDispatcher } from "./dispatch";
import { toErrorResponse, type TErrorResponse } from "./errors";
import { bySpecificity } from "./route-order";

/**
 * Serves the REST export of the tRPC procedures (`/v1/...`).
 *
 * dispatch.ts finds the procedure from its OpenAPI metadata (fixed paths before parameterised ones,
 * route-order.ts) and calls it. This edge adds what the spec needs around it: bodies parsed strictly
 * (empty means `{}`; nested at most `MAX_JSON_DEPTH` levels deep, checked on the text before
 * parsing), no text the database cannot store (NUL, an unpaired surrogate) in the query or the
 * body, the spec's error body `{error, message}` (errors.ts), the headers procedures set (rate
 * limits) and the security headers every response carries (server/lib/security-headers.ts).
 */

/** The largest JSON body /v1 reads (the OpenAPI document's 413; server/body-limits.ts bounds it as it arrives). */
export const MAX_BODY_BYTES = 1_000_000;
// A NUL in the path names no parameter; one in a parameter is refused by name (server/lib/stored-text.ts).
const NUL_PATH_ERROR = new AppError("validation_error", "Paths must not contain NUL characters.");

/** The first query parameter (name or value) the database could not store. */
function queryFault(url: URL): TTextFault | undefined {
  for (const [k, v] of url.searchParams) {
    const fault = findUnstorableText({ [k]: v }, "query");
    if (fault) return fault;
  }
  return undefined;
}
const TOO_DEEP_ERROR = new AppError(
  "validation_error",
  `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels of arrays and objects).`,
);
const BODY_METHODS = new Set(["POST", "PATCH", "PUT"]);

/** The request the REST edge reads: a Fetch `Request` is one; server/api/rest/node.ts makes one from Node's. */
export interface TRestRequest {
  method: string;
  /** The URL, absolute or from the path on ("/v1/cards/?limit=5"). */
  url: string;
  headers: Pick<Headers, "get">;
  text(): Promise<string>;
}

/**
 * The origin REST request URLs are read against: only their path and query matter (a Host header
 * may be anything). A transport puts it before the request target, so "//host/v1/..." stays a path.
 */
export const REST_ORIGIN = "http://localhost";

let dispatcher: ReturnType<typeof restDispatcher> | undefined;
const dispatch: ReturnType<typeof restDispatcher> = (call, createContext) =>
  (dispatcher ??= restDispatcher(bySpecificity(appRouter)))(call, createContext);

async function readJsonBody(req: TRestRequest): Promise<object> {
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
  const fault = findUnstorableText(parsed, "body");
  if (fault) throw unstorableTextError(fault);
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

function errorReply(e: TErrorResponse, extraHeaders?: Record<string, string>): TRestReply {
  const headers: Record<string, string> = { ...securityHeaders(), ...extraHeaders };
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
export async function restReply(req: TRestRequest, prefix = "/v1"): Promise<TRestReply> {
  const url = new URL(req.url, REST_ORIGIN);
  if (!url.pathname.startsWith(prefix)) return errorReply(toErrorResponse(new AppError("not_found", "No such endpoint."), "rest"));
  if (/%00/.test(url.pathname)) return errorReply(toErrorResponse(NUL_PATH_ERROR, "rest"));
  const inQuery = queryFault(url);
  if (inQuery) return errorReply(toErrorResponse(unstorableTextError(inQuery), "rest"));

  let body: object | undefined = undefined;
  if (BODY_METHODS.has(req.method)) {
    try {
      body = await readJsonBody(req);
    } catch (err) {
      return errorReply(toErrorResponse(err, "rest-body"));
    }
  }

  // The headers procedures set (rate limits), by lower-case name; a repeated one joined as Fetch's Headers would.
  const resHeaders: Record<string, string> = {};
  const setHeader = (name: string, value: string) => {
    const k = name.toLowerCase();
    resHeaders[k] = resHeaders[k] === undefined ? value : `${resHeaders[k]}, ${value}`;
  };
  let data: unknown;
  try {
    data = await dispatch({ method: req.method, path: url.pathname.slice(prefix.length) || "/", query: url.searchParams, body }, () =>
      createRestContext(req.headers.get("authorization"), { set: setHeader }),
    );
  } catch (err) {
    return errorReply(toErrorResponse(err, url.pathname), resHeaders);
  }
  const out: Record<string, string> = { ...securityHeaders(), ...resHeaders };
  out["content-type"] = JSON_HEADERS["Content-Type"];
  out["cache-control"] = JSON_HEADERS["Cache-Control"];
  return { status: 200, headers: out, body: JSON.stringify(data) ?? "" };
}
