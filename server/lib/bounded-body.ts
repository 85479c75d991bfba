import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * A request body read up to a limit before anyone handles the request.
 *
 * Node's HTTP parser hands each piece of a body to the request with `push`. `holdBody` takes those
 * pieces itself and counts them; the request's handler is called only once the whole body has
 * arrived within the limit, and the pieces are then handed to the request as they came, so the
 * handler (the REST edge, Next, ...) reads an ordinary stream. A body over the limit is never seen by
 * a handler: the parser is told to stop reading from the connection (push answers false), the
 * refusal is written with `Connection: close`, nothing more is read, and the connection is half-closed
 * once the answer is sent and destroyed a little later. A
 * `Content-Length` over the limit is refused before any of the body is read. A chunked body (no
 * `Content-Length`) is bounded the same way, as it arrives.
 */

/** Writes the entry's own 413 answer (status, headers and body) to `res`. */
export type TRefuseBody = (res: ServerResponse) => void;

type TPush = IncomingMessage["push"];

/** True when the request carries a body (HTTP/1.1: a Content-Length or a Transfer-Encoding). */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return (length !== undefined && length !== "0") || req.headers["transfer-encoding"] !== undefined;
}

/**
 * Calls `handle` once the body of `req` is known to be at most `limit` bytes (at once when it has no
 * body), or answers with `refuse` and closes the connection. `handle` is never called for a request
 * whose client went away before its body was complete.
 */
export function holdBody(req: IncomingMessage, res: ServerResponse, limit: number, refuse: TRefuseBody, handle: () => void): void {
  if (!hasBody(req)) return handle();
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limit) return refuseAndClose(req, res, refuse);

  const held: unknown[] = [];
  let size = 0;
  let state: "reading" | "refused" | "released" = "reading";
  const push: TPush = req.push;
  const release = () => {
    state = "released";
    req.push = push;
    req.off("close", gone);
    for (const chunk of held) push.call(req, chunk);
    push.call(req, null);
    handle();
  };
  const gone = () => {
    state = "refused"; // the client left before the body was complete: nothing to answer
    held.length = 0;
  };
  req.on("close", gone);
  req.push = function holdPiece(chunk: unknown, encoding?: BufferEncoding): boolean {
    if (state === "released") return push.call(req, chunk, encoding);
    if (state === "refused") return false;
    if (chunk === null) {
      release();
      return false;
    }
    size += (chunk as Buffer).length;
    if (size > limit) {
      state = "refused";
      held.length = 0;
      req.off("close", gone);
      refuseAndClose(req, res, refuse);
      return false; // the parser stops reading from the connection
    }
    held.push(chunk);
    return true;
  };
}

/**
 * How long a refused connection stays half-closed before it is destroyed. Destroying it at once,
 * with the client's unread bytes in the kernel's buffer, sends a reset that can discard the answer
 * before the client has read it (RFC 9112, 9.6: close in stages).
 */
const LINGER_MS = 2_000;

/**
 * Answers the refusal with `Connection: close`; once it is written, the connection is half-closed
 * (the answer and a FIN go out, nothing more is read) and destroyed after LINGER_MS.
 */
function refuseAndClose(req: IncomingMessage, res: ServerResponse, refuse: TRefuseBody): void {
  const socket = req.socket;
  if (res.headersSent) return void socket.destroy();
  // Node ends a `Connection: close` answer with destroySoon(), which destroys the socket as soon as
  // its FIN is written: with the client's bytes unread, that is the reset this avoids. Half-close only.
  socket.destroySoon = () => void socket.end();
  let closing = false;
  const linger = () => {
    if (closing) return;
    closing = true;
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
  // Once the answer is written, Node drains a body nobody read (IncomingMessage._dump) so that the
  // connection can serve the next request; a refused connection serves none, and reading on would
  // take in whatever the client still sends. Nothing more is read: the socket stays paused.
  (req as unknown as { _dump(): void })._dump = () => undefined;
  res.on("finish", linger);
  res.on("close", linger);
  res.shouldKeepAlive = false;
  res.setHeader("Connection", "close");
  refuse(res);
}
