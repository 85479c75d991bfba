import { createServer } from "node:http";
import next from "next";
import { failRequest, isRestPath, serveRest } from "./api/rest/node";

/**
 * The HTTP server of one process: /v1 to the REST edge (server/api/rest/node.ts), everything else
 * (UI, sign-in, tRPC for the browser, the catalog, /v1/openapi.json) to Next. Resolves once it
 * listens; the result closes it.
 */
export async function serveHttp({ dev, root, port }: { dev: boolean; root: string; port: number }): Promise<() => Promise<void>> {
  const app = next({ dev, dir: root, port, hostname: "localhost" });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = createServer((req, res) => {
    if (isRestPath(req.url)) {
      void serveRest(req, res);
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
