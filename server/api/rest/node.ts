import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { CLIENT_ADDRESS_HEADER, UNKNOWN_ADDRESS } from "~/server/auth/client-address";
import { databaseUnavailableError, isDatabaseUnavailable } from "~/server/db/availability";
import { INTERNAL_ERROR_BODY } from "~/server/lib/errors";
import { logger } from "~/server/lib/logger";
import { securityHeaders } from "~/server/lib/security-headers";
import { REST_ORIGIN, restReply, type TRestRequest } from "./handler";

/**
 * The REST API served by the service's own HTTP server (server/http.ts), straight from Node's
 * request to `restReply`, the edge the App Router route `app/v1/[[...path]]/route.ts` calls
 * through `handleRest`, without Next's routing and rendering machinery around it, which cost a
 * large share of an API request's CPU (docs/benchmarks.md). `next dev` keeps serving /v1 through
 * the route.
 *
 * `/v1/openapi.json` stays with Next (its own route, rendered once).
 */

export function isRestPath(url: string | undefined): boolean {
  if (!url || !url.startsWith("/v1")) return false;
  const path = url.split("?", 1)[0]!;
  if (path !== "/v1" && !path.startsWith("/v1/")) return false;
  return path !== "/v1/openapi.json";
}

const BODYLESS = new Set(["GET", "DELETE", "OPTIONS"]);

function toRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  // rawHeaders hold what the client sent, which may name any address under this header.
  headers.set(CLIENT_ADDRESS_HEADER, clientAddress(req));
  const method = methodOf(req);
  const init: RequestInit & { duplex?: "half" } = { method, headers };
  if (!BODYLESS.has(method)) {
    init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
    init.duplex = "half";
  }
  return new Request(`${REST_ORIGIN}${req.url ?? "/"}`, init);
}

/** HEAD is answered as GET without its body. */
const methodOf = (req: IncomingMessage): string => (req.method === "HEAD" ? "GET" : (req.method ?? "GET"));

/** The client address as server/http.ts wrote it from the connection, never as the client sent it. */
function clientAddress(req: IncomingMessage): string {
  const address = req.headers[CLIENT_ADDRESS_HEADER];
  return typeof address === "string" && address ? address : UNKNOWN_ADDRESS;
}

/**
 * What the REST edge reads of a Node request, without building a Fetch `Request` (a measurable
 * share of a request's CPU): a header as Fetch's `Headers.get` gives it (repeated ones joined with
 * ", "), the body decoded as `Request.text()` does (UTF-8, a leading BOM dropped).
 */
function restRequest(req: IncomingMessage): TRestRequest {
  const raw = req.rawHeaders;
  return {
    method: methodOf(req),
    url: `${REST_ORIGIN}${req.url ?? "/"}`,
    headers: {
      get(name: string) {
        const wanted = name.toLowerCase();
        if (wanted === CLIENT_ADDRESS_HEADER) return clientAddress(req);
        let value: string | null = null;
        for (let i = 0; i < raw.length; i += 2) {
          if (raw[i]!.toLowerCase() === wanted) value = value === null ? raw[i + 1]! : `${value}, ${raw[i + 1]!}`;
        }
        return value;
      },
    },
    async text() {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      return new TextDecoder().decode(Buffer.concat(chunks));
    },
  };
}

export async function serveRest(req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const reply = await restReply(restRequest(req), "/v1");
    reply.headers["content-length"] = String(Buffer.byteLength(reply.body));
    res.writeHead(reply.status, reply.headers);
    res.end(req.method === "HEAD" ? undefined : reply.body);
  } catch (err) {
    failRequest(req, res, err);
  }
}

/** Serves a Node request with a Fetch handler (the OAuth endpoints). */
export async function serveFetch(
  req: IncomingMessage,
  res: ServerResponse,
  handler: (request: Request) => Promise<Response>,
): Promise<void> {
  try {
    const response = await handler(toRequest(req));
    const body = req.method === "HEAD" ? "" : await response.text();
    const headers: Record<string, string> = {};
    response.headers.forEach((v, k) => (headers[k] = v));
    headers["content-length"] = String(Buffer.byteLength(body));
    res.writeHead(response.status, headers);
    res.end(body || undefined);
  } catch (err) {
    failRequest(req, res, err);
  }
}

/** Logs a request that failed outside any handler and answers the generic 500 (or drops a response already under way). */
export function failRequest(req: IncomingMessage, res: ServerResponse, err: unknown): void {
  const unavailable = isDatabaseUnavailable(err) ? databaseUnavailableError() : undefined;
  if (!unavailable) logger.error("request failed", { error: err, path: req.url?.split("?")[0] });
  if (res.headersSent) return void res.destroy();
  res.writeHead(unavailable?.status ?? 500, {
    ...securityHeaders(),
    ...unavailable?.headers,
    "Content-Type": "application/json; charset=utf-8",
  });
  res.end(JSON.stringify(unavailable?.toBody() ?? INTERNAL_ERROR_BODY));
}
