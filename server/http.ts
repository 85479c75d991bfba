import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import next from "next";
import { handleOAuthEndpoint, isOAuthEndpoint } from "./auth/oauth/http";
import { failRequest, isRestPath, serveFetch, serveRest } from "./api/rest/node";
import { CORS_HEADERS, isCorsPath, PREFLIGHT_HEADERS } from "./lib/cors";
import { CLIENT_ADDRESS_HEADER, clientAddress } from "./auth/client-address";
import { env } from "./env";

/**
 * The HTTP server of one process: /v1 to the REST edge (server/api/rest/node.ts), the OAuth
 * machine endpoints and metadata (server/auth/oauth/http.ts), everything else (UI, sign-in, the
 * authorization page, tRPC for the browser, the catalog, /v1/openapi.json) to Next. CORS is
 * answered here for the paths that allow it (server/lib/cors.ts). Resolves once it listens; the
 * result closes it.
 */
export async function serveHttp({ dev, root, port }: { dev: boolean; root: string; port: number }): Promise<() => Promise<void>> {
  const app = next({ dev, dir: root, port, hostname: "localhost" });
  await app.prepare();
  const handle = app.getRequestHandler();
  const trustedProxies = env().TRUST_PROXY;
  const server = createServer((req, res) => {
    // The client address for Next's handlers (the sign-in limit), from the connection: whatever a
    // client sent under this header's name is replaced (Next reads `req.headers`).
    req.headers[CLIENT_ADDRESS_HEADER] = clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], trustedProxies);
    const path = (req.url ?? "/").split("?", 1)[0]!;
    if (isCorsPath(path) && corsAnswered(req, res)) return;
    if (isRestPath(req.url)) {
      void serveRest(req, res);
      return;
    }
    if (isOAuthEndpoint(path)) {
      void serveFetch(req, res, handleOAuthEndpoint);
      return;
    }
    handle(req, res).catch((err: unknown) => failRequest(req, res, err));
  });
  await new Promise<void>((resolve) => server.listen(port, resolve));
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections(); // keep-alive connections would hold the close open
    });
}

/** Adds the CORS headers; answers a preflight (true) or lets the request go on (false). */
function corsAnswered(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method === "OPTIONS" && req.headers["access-control-request-method"]) {
    res.writeHead(204, PREFLIGHT_HEADERS);
    res.end();
    return true;
  }
  for (const [k, v] of Object.entries(CORS_HEADERS)) res.setHeader(k, v);
  return false;
}
