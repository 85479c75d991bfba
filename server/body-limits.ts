import type { ServerResponse } from "node:http";
import { MAX_BODY_BYTES as REST_MAX_BODY_BYTES } from "./api/rest/handler";
import { TRPC_MAX_BODY_BYTES, trpcErrorBody } from "./api/trpc-endpoint";
import { MAX_BODY as OAUTH_MAX_BODY_BYTES } from "./auth/oauth/http";
import { errorPage } from "./auth/oauth/pages";
import { MAX_BODY_BYTES as MCP_MAX_BODY_BYTES } from "./mcp/node";
import { AppError } from "./lib/errors";
import type { TRefuseBody } from "./lib/bounded-body";
import { securityHeaders } from "./lib/security-headers";

/**
 * The largest request body each entry of the HTTP server reads, and how it says no (413 in the
 * entry's own error format). server/http.ts applies them to every request before any handler runs
 * (server/lib/bounded-body.ts), Next's routes included.
 */

export interface TBodyLimit {
  bytes: number;
  refuse: TRefuseBody;
}

const MESSAGE = "The request body is too large.";

/** A small form (sign-in, password reset, the consent decision) or an OAuth request never comes near this. */
const FORM_MAX_BODY_BYTES = 65_536;
/** Anything else Next serves (server actions): Next's own default limit for server actions. */
const DEFAULT_MAX_BODY_BYTES = 1_000_000;

function write(res: ServerResponse, contentType: string, body: string, headers: Record<string, string> = {}): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader("Content-Type", contentType);
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Length", String(Buffer.byteLength(body)));
  res.writeHead(413);
  res.end(body);
}

const JSON_TYPE = "application/json; charset=utf-8";
const apiBody = () => JSON.stringify(new AppError("payload_too_large", MESSAGE).toBody());

/**
 * The API's `{error: "payload_too_large", message}` (/v1, /mcp, sign-in and its pages, the rest). server/http.ts sets
 * the security headers on every answer but /v1's, whose refusal adds them here (`extra`).
 */
const refuseApi =
  (extra: () => Record<string, string>): TRefuseBody =>
  (res) =>
    write(res, JSON_TYPE, apiBody(), extra());

const LIMITS = {
  rest: { bytes: REST_MAX_BODY_BYTES, refuse: refuseApi(securityHeaders) },
  mcp: { bytes: MCP_MAX_BODY_BYTES, refuse: refuseApi(() => ({})) },
  oauth: {
    bytes: OAUTH_MAX_BODY_BYTES,
    refuse: (res) => write(res, JSON_TYPE, JSON.stringify({ error: "invalid_request", error_description: MESSAGE })),
  },
  trpc: {
    bytes: TRPC_MAX_BODY_BYTES,
    refuse: (res) => write(res, "application/json", trpcErrorBody("PAYLOAD_TOO_LARGE", 413, "payload_too_large", MESSAGE)),
  },
  auth: { bytes: FORM_MAX_BODY_BYTES, refuse: refuseApi(() => ({})) },
  consent: {
    bytes: FORM_MAX_BODY_BYTES,
    refuse: (res) => {
      const page = errorPage(413, "Request too large", "The form sent was larger than this page accepts.");
      const headers: Record<string, string> = {};
      page.headers.forEach((v, k) => (headers[k] = v));
      void page.text().then((html) => write(res, headers["content-type"]!, html, headers));
    },
  },
  other: { bytes: DEFAULT_MAX_BODY_BYTES, refuse: refuseApi(() => ({})) },
} satisfies Record<string, TBodyLimit>;

export type TEntry = keyof typeof LIMITS;

/** The limit for a request to `entry` (server/http.ts names the entry from the path). */
export function bodyLimit(entry: TEntry): TBodyLimit {
  return LIMITS[entry];
}

/**
 * The pages whose server actions take a password or an e-mail (their actions post to the page's
 * own path, the trailing slash optional): a small form, bounded like next-auth's endpoints.
 */
const SIGNIN_PAGES = new Set(["signin", "forgot-password", "reset-password"]);

/**
 * The path as Next routes it: dot segments resolved (`/x/../signin` and `/%2e/signin` reach the
 * sign-in page) as the WHATWG URL parser does, and repeated slashes (or backslashes, which the
 * parser reads as slashes) as one, where Next redirects them.
 */
function routedPath(path: string): string {
  return new URL(`/${path}`.replace(/[/\\]+/g, "/"), "http://host").pathname;
}

/** The entry of a path Next serves: next-auth and the sign-in pages, the OAuth consent form, the rest. */
export function nextEntry(rawPath: string): TEntry {
  const path = routedPath(rawPath);
  if (path.startsWith("/api/auth/") || SIGNIN_PAGES.has(path.split("/")[1]!)) return "auth";
  if (path === "/oauth/authorize" || path.startsWith("/oauth/authorize/")) return "consent";
  return path === "/v1" || path.startsWith("/v1/") ? "rest" : "other";
}
