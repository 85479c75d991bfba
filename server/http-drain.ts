import type { IncomingMessage, Server, ServerResponse } from "node:http";
import net, { type Socket } from "node:net";
import { logger } from "./lib/logger";

/**
 * How long a keep-alive connection with no request in progress is kept once the server stops: a
 * client may be writing its next request on it at that very moment, and closing the socket under
 * that request would reset it. A request that arrives meanwhile is answered (with `Connection:
 * close`); a connection that stays quiet this long is closed.
 */
const IDLE_CLOSE_MS = 500;
const POLL_MS = 25;

/**
 * The graceful stop of one HTTP server. `track` wraps the request listener; `stopAccepting()`
 * closes the listener only (net's close: Node's http close would also drop the idle keep-alive
 * connections at once, resetting a request a client is sending on one right then), and the
 * requests on open connections go on as before; `drain(graceMs)`:
 * - stops accepting connections, if that was not done yet;
 * - answers every request in progress or arriving on an open connection with `Connection: close`,
 *   so that its client opens no further request on it;
 * - closes each connection once it has been idle for IDLE_CLOSE_MS;
 * - resolves when every connection is closed and every handler has ended its response (a handler
 *   whose client went away may still be using the database), or when `graceMs` has passed, at
 *   which point the remaining connections are cut (logged as a warning).
 */
export function drainable(server: Server) {
  /** Responses not yet finished, per connection. */
  const busy = new Map<Socket, number>();
  /** Responses whose handler has not called `end` yet. */
  const handlers = new Set<ServerResponse>();
  let stopping = false;

  const closeWhenIdle = (socket: Socket) => {
    const timer = setTimeout(() => {
      if ((busy.get(socket) ?? 0) === 0) socket.destroy();
    }, IDLE_CLOSE_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  };

  server.on("connection", (socket: Socket) => {
    busy.set(socket, 0);
    socket.once("close", () => busy.delete(socket));
    if (stopping) closeWhenIdle(socket);
  });

  const track =
    (listener: (req: IncomingMessage, res: ServerResponse) => void) =>
    (req: IncomingMessage, res: ServerResponse): void => {
      const socket = req.socket;
      busy.set(socket, (busy.get(socket) ?? 0) + 1);
      handlers.add(res);
      if (stopping) res.setHeader("Connection", "close");
      res.once("finish", () => {
        handlers.delete(res);
        const left = (busy.get(socket) ?? 1) - 1;
        if (busy.has(socket)) busy.set(socket, left);
        if (stopping && left === 0) closeWhenIdle(socket);
      });
      listener(req, res);
    };

  /** Resolves once the listener and every connection are closed. */
  let closed: Promise<void> | undefined;
  let allClosed = false;
  const stopAccepting = (): void => {
    closed ??= new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve())).then(() => {
      allClosed = true;
    });
  };

  const drain = async (graceMs: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    stopAccepting();
    for (const res of handlers) if (!res.headersSent) res.setHeader("Connection", "close");
    for (const [socket, n] of busy) if (n === 0) closeWhenIdle(socket);
    const deadline = Date.now() + graceMs;
    const settled = () => {
      // A response whose client went away never finishes: its handler is done once it has called end.
      for (const res of handlers) if (res.writableEnded) handlers.delete(res);
      return allClosed && handlers.size === 0;
    };
    while (!settled() && Date.now() < deadline) await new Promise((r) => setTimeout(r, POLL_MS));
    if (!settled()) {
      logger.warn("requests still open at the end of the shutdown grace period were cut", {
        requests: handlers.size,
        connections: busy.size,
        graceMs,
      });
      server.closeAllConnections();
    }
  };

  /** Whether a stop has begun (the readiness check answers 503 from then on: server/health.ts). */
  const isStopping = (): boolean => stopping;

  return { track, stopAccepting, drain, isStopping };
}
