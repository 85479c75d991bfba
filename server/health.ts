import type { IncomingMessage, ServerResponse } from "node:http";
import { RETRY_AFTER_SECONDS } from "./db/availability";
import { readiness } from "./db/watch";

/**
 * `GET /healthz` and `GET /readyz`, for process supervisors and load balancers (docs/deployment.md).
 * Both are answered by the Node server itself, without authentication, and cost at most one
 * `SELECT 1` a second:
 * - `/healthz`: the process is alive and serving HTTP: always 200 `{"status": "ok"}`.
 * - `/readyz`: this process can serve requests now: 200 `{"status": "ready"}` when the database
 *   answers within 2 s; otherwise 503 with the API's error body (`service_unavailable`), the
 *   reason and a `Retry-After`; also 503 once the process is stopping, so that a balancer sends
 *   the next requests elsewhere.
 */

export const HEALTH_PATHS = new Set(["/healthz", "/readyz"]);

function answer(req: IncomingMessage, res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
    "Content-Length": String(Buffer.byteLength(text)),
  });
  res.end(req.method === "HEAD" ? undefined : text);
}

const unavailable = (message: string) => ({ error: "service_unavailable", message });

/** Answers a health path; `stopping` tells whether the server is shutting down. */
export async function serveHealth(req: IncomingMessage, res: ServerResponse, path: string, stopping: boolean): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") {
    return answer(
      req,
      res,
      405,
      { error: "method_not_allowed", message: `${req.method} is not allowed here: use GET.` },
      { Allow: "GET, HEAD" },
    );
  }
  if (path === "/healthz") return answer(req, res, 200, { status: "ok" });
  const retry = { "Retry-After": String(RETRY_AFTER_SECONDS) };
  if (stopping) return answer(req, res, 503, unavailable("This server is shutting down."), retry);
  const ping = await readiness();
  if (ping.ok) return answer(req, res, 200, { status: "ready" });
  return answer(req, res, 503, unavailable(`Not ready: ${ping.reason}.`), retry);
}
