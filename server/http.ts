import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import next from "next";
import { handleOAuthEndpoint, isOAuthEndpoint } from "./auth/oauth/http";
import { failRequest, isRestPath, serveFetch, serveRest } from "./api/rest/node";
import { isMcpPath } from "./mcp/http";
import { serveMcp } from "./mcp/node";
import { CORS_HEADERS, isCorsPath, PREFLIGHT_HEADERS } from "./lib/cors";
import { securityHeaders } from "./lib/security-headers";
import { CLIENT_ADDRESS_HEADER, clientAddress } from "./auth/client-address";
import { bodyLimit, nextEntry, type TEntry } from "./body-limits";
import { holdBody } from "./lib/bounded-body";
import { env } from "./env";
import { drainable } from "./http-drain";
import { isTrpcPath, serveBrowserTrpc } from "./api/trpc-endpoint";
import { sessionAccountOf } from "./auth/session";
import { db } from "./db/client";
import { HEALTH_PATHS, serveHealth } from "./health";

/**
 * The HTTP server of one process: /v1 to the REST edge (server/api/rest/node.ts), /api/trpc for
 * the browser workspace (server/api/trpc-endpoint.ts, signed in by the session cookie:
 * server/auth/session.ts), the OAuth machine endpoints and metadata (server/auth/oauth/http.ts),
 * the MCP server at /mcp (server/mcp/node.ts), /healthz and /readyz (server/health.ts), everything else (UI, sign-in, the authorization
 * page, the catalog, /v1/openapi.json) to Next. CORS is answered here for the paths that allow it
 * (server/lib/cors.ts). Resolves once it listens; the result stops it within a grace period.
 *
 * No handler sees a request body larger than its entry's limit (server/body-limits.ts): the body is
 * counted as it arrives and refused with a 413 at the limit (server/lib/bounded-body.ts).
 */
export async function serveHttp({ dev, root, port, handleNext }: TServeOptions): Promise<THttpStop> {
  if (handleNext) return listen(handleNext, port);
  const app = next({ dev, dir: root, port, hostname: "localhost" });
  await app.prepare();
  return listen(app.getRequestHandler(), port);
}

export interface TServeOptions {
  dev: boolean;
  root: string;
  port: number;
  /** Serves what Next would, without building or starting Next (tests of the process around it). */
  handleNext?: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
}

/**
 * How long an idle keep-alive connection stays open. A server that closes an idle connection
 * races the client's next request on it: a request written as the close arrives is reset
 * (ECONNRESET), so the side that closes idle connections first should be the client or the proxy
 * in front. Node's default (5 s) is shorter than most clients' and proxies' idle timeouts (60 s on
 * common load balancers); this is longer than those.
 */
const KEEP_ALIVE_MS = 65_000;

/**
 * Serves `listener` on `port`; the result stops gracefully (server/http-drain.ts): no new
 * connection, every request in progress answered with `Connection: close`, idle keep-alive
 * connections closed, open requests given up to `graceMs`.
 */
async function listen(handleNext: TNextHandler, port: number): Promise<THttpStop> {
  const server = createServer({ keepAliveTimeout: KEEP_ALIVE_MS });
  const { track, stopAccepting, drain, isStopping } = drainable(server);
  server.on("request", track(requestListener(handleNext, isStopping)));
  await new Promise<void>((resolve) => server.listen(port, resolve));
  return { stopAccepting, drain };
}

export interface THttpStop {
  /** Closes the listener; open connections are served as before. */
  stopAccepting(): void;
  /** The graceful stop (server/http-drain.ts). */
  drain(graceMs: number): Promise<void>;
}

/**
 * Routes one request: /v1 to the REST edge, /api/trpc, the OAuth machine endpoints and /mcp to
 * their handlers, the rest to `handleNext`. Every answer carries the security headers: the REST
 * edge adds them to its replies itself, every other answer gets them here, set before anything is
 * written; proxy.ts adds the pages' Content-Security-Policy.
 */
export function requestListener(handleNext: TNextHandler, isStopping: () => boolean = () => false) {
  const security = Object.entries(securityHeaders());
  const trustedProxies = env().TRUST_PROXY;
  return (req: IncomingMessage, res: ServerResponse): void => {
    // The client address for Next's handlers (the sign-in limit), from the connection: whatever a
    // client sent under this header's name is replaced (Next reads `req.headers`).
    req.headers[CLIENT_ADDRESS_HEADER] = clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], trustedProxies);
    const path = (req.url ?? "/").split("?", 1)[0]!;
    const rest = isRestPath(req.url);
    if (!rest) for (const [name, value] of security) res.setHeader(name, value);
    if (HEALTH_PATHS.has(path)) return void serveHealth(req, res, path, isStopping()).catch((err: unknown) => failRequest(req, res, err));
    if (isCorsPath(path) && corsAnswered(req, res, security)) return;
    const [entry, handle] = route(req, res, path, rest, handleNext);
    const limit = bodyLimit(entry);
    holdBody(req, res, limit.bytes, limit.refuse, handle);
  };
}

type TNextHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** /api/trpc for the browser workspace, signed in by the request's session cookie. */
const serveTrpc = (request: Request) => serveBrowserTrpc(request, async () => sessionAccountOf(await db(), request.headers.get("cookie")));

/** The entry that serves `path` (for its body limit) and the call that hands the request to it. */
function route(req: IncomingMessage, res: ServerResponse, path: string, rest: boolean, handleNext: TNextHandler): [TEntry, () => void] {
  if (rest) return ["rest", () => void serveRest(req, res)];
  if (isTrpcPath(path)) return ["trpc", () => void serveFetch(req, res, serveTrpc)];
  if (isOAuthEndpoint(path)) return ["oauth", () => void serveFetch(req, res, handleOAuthEndpoint)];
  if (isMcpPath(path)) return ["mcp", () => void serveMcp(req, res)];
  return [nextEntry(path), () => void handleNext(req, res).catch((err: unknown) => failRequest(req, res, err))];
}

/** Adds the CORS headers; answers a preflight (true) or lets the request go on (false). */
function corsAnswered(req: IncomingMessage, res: ServerResponse, security: [string, string][]): boolean {
  if (req.method === "OPTIONS" && req.headers["access-control-request-method"]) {
    for (const [name, value] of security) res.setHeader(name, value); // a REST preflight has none yet
    res.writeHead(204, PREFLIGHT_HEADERS);
    res.end();
    return true;
  }
  for (const [k, v] of Object.entries(CORS_HEADERS)) res.setHeader(k, v);
  return false;
}
