import { createServer, request, type Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestListener } from "~/server/http";
import { openTestDb, type TTestDb } from "../helpers/db";

/**
 * Request bodies are bounded before any handler reads them (server/lib/bounded-body.ts, limits in
 * server/body-limits.ts), on the service's HTTP server listening on a port. Next is replaced by a
 * stub that reads the whole body as Next would and answers 200 with its size: whatever the stub
 * sees passed the bound.
 */

let t: TTestDb;
let server: Server;
let port: number;
/** The server's side of the last connection: what it read is the bound that matters. */
let lastSocket: Socket | undefined;

beforeAll(async () => {
  t = await openTestDb();
  server = createServer(
    requestListener(async (req, res) => {
      let size = 0;
      for await (const chunk of req) size += (chunk as Buffer).length;
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ read: size }));
    }),
  );
  server.on("connection", (socket: Socket) => (lastSocket = socket));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await t?.close();
});

const MB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, "a");

interface TOutcome {
  status?: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Bytes of body the client managed to hand to its socket before the exchange ended. */
  sent: number;
}

/**
 * POSTs `total` bytes as a chunked body (no Content-Length), as fast as the server takes them, and
 * stops at the answer or when the connection is closed.
 */
function sendChunked(path: string, total: number, headers: Record<string, string> = {}): Promise<TOutcome> {
  return new Promise((resolve) => {
    const outcome: TOutcome = { headers: {}, body: "", sent: 0 };
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      req.destroy();
      resolve(outcome);
    };
    const req = request({ host: "127.0.0.1", port, path, method: "POST", headers: { "content-type": "application/json", ...headers } });
    req.on("response", (res) => {
      outcome.status = res.statusCode;
      outcome.headers = res.headers;
      res.setEncoding("utf8");
      res.on("data", (c: string) => (outcome.body += c));
      res.on("end", finish);
      res.on("error", finish);
    });
    req.on("error", finish);
    req.on("close", () => setTimeout(finish, 50));
    const pump = () => {
      while (!done && outcome.sent < total) {
        outcome.sent += CHUNK.length;
        if (!req.write(CHUNK)) return void req.once("drain", pump);
      }
      if (!done && outcome.sent >= total) req.end();
    };
    pump();
  });
}

/** A request with a Content-Length over the limit: refused from its headers, the body never sent. */
function declareLength(path: string, length: number): Promise<TOutcome> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: "127.0.0.1",
      port,
      path,
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(length) },
    });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body, sent: 0 }));
    });
    req.on("error", reject);
    req.flushHeaders();
  });
}

const HUNDRED_MB = 100 * MB;

/**
 * What the server read from the last connection, once the exchange is over and the client has had
 * time to keep writing: the limit, plus the pieces the socket had in hand when it stopped.
 */
async function serverRead(): Promise<number> {
  await new Promise((r) => setTimeout(r, 300));
  return lastSocket?.bytesRead ?? Number.POSITIVE_INFINITY;
}

describe("a chunked body over the entry's limit is refused as it arrives", () => {
  it.each([
    ["/v1/cards/", 1_000_000, { error: "payload_too_large", message: "The request body is too large." }],
    ["/mcp", 4 * MB, { error: "payload_too_large", message: "The request body is too large." }],
    ["/oauth/token", 65_536, { error: "invalid_request", error_description: "The request body is too large." }],
    ["/api/auth/callback/credentials", 65_536, { error: "payload_too_large", message: "The request body is too large." }],
    ["/cards", 1_000_000, { error: "payload_too_large", message: "The request body is too large." }],
  ])("%s (limit %d bytes)", async (path, limit, body) => {
    const r = await sendChunked(path, HUNDRED_MB);
    expect(r.status).toBe(413);
    expect(r.headers.connection).toBe("close");
    expect(r.headers["x-content-type-options"]).toBe("nosniff"); // the security headers every answer carries
    expect(JSON.parse(r.body)).toEqual(body);
    // The server stopped reading at the limit (the client's count also holds what the two sockets'
    // buffers took in, which depends on the machine's TCP settings).
    expect(r.sent).toBeGreaterThan(limit);
    expect(await serverRead()).toBeLessThan(limit + MB);
  });

  it("/api/trpc answers with tRPC's error shape", async () => {
    const r = await sendChunked("/api/trpc/user.folders.create", HUNDRED_MB);
    expect(r.status).toBe(413);
    expect(r.headers.connection).toBe("close");
    expect(JSON.parse(r.body)).toEqual({
      error: {
        message: "The request body is too large.",
        code: -32013,
        data: { code: "PAYLOAD_TOO_LARGE", httpStatus: 413, appCode: "payload_too_large" },
      },
    });
    expect(await serverRead()).toBeLessThan(1_000_000 + MB);
  });

  it("the OAuth consent form answers with its error page", async () => {
    const r = await sendChunked("/oauth/authorize/decision", HUNDRED_MB, { "content-type": "application/x-www-form-urlencoded" });
    expect(r.status).toBe(413);
    expect(r.headers["content-type"]).toMatch(/^text\/html/);
    expect(r.body).toContain("Request too large");
    expect(await serverRead()).toBeLessThan(65_536 + MB);
  });
});

describe("a Content-Length over the limit is refused before the body is read", () => {
  it.each([
    ["/v1/cards/", 1_000_001],
    ["/mcp", 4 * MB + 1],
    ["/oauth/token", 65_537],
    ["/api/trpc/user.folders.create", 1_000_001],
    ["/api/auth/callback/credentials", 65_537],
  ])("%s with Content-Length %d", async (path, length) => {
    const r = await declareLength(path, length);
    expect(r.status).toBe(413);
    expect(r.headers.connection).toBe("close");
  });
});

describe("bodies within the limit reach the handler whole", () => {
  it("a chunked body of 900 kB reaches Next", async () => {
    const r = await sendChunked("/cards", 14 * CHUNK.length);
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toEqual({ read: 14 * CHUNK.length });
  });

  it("a chunked body of 900 kB reaches the tRPC endpoint (which reads it, then finds no session)", async () => {
    const name = "a".repeat(900_000);
    const r = await fetch(`http://127.0.0.1:${port}/api/trpc/user.folders.create`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new Blob([JSON.stringify({ name })]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(r.status).toBe(401);
    expect((await r.json()).error.data.appCode).toBe("not_authenticated");
  });

  it("a chunked JSON body reaches the REST edge (which parses it)", async () => {
    const r = await fetch(`http://127.0.0.1:${port}/v1/cards/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new Blob(['{"limit": 1}']).stream(),
      duplex: "half",
    } as RequestInit);
    expect(r.status).toBe(401); // read and parsed, then no token
    expect((await r.json()).error).toBe("not_authenticated");
  });
});

/** POSTs `bytes` with a Content-Length to `path` as written (no URL tidying), as a page's server action does. */
function postAction(path: string, bytes: number): Promise<{ status?: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: "127.0.0.1",
      port,
      path,
      method: "POST",
      headers: { "next-action": "0".repeat(42), "content-type": "text/plain;charset=UTF-8", "content-length": String(bytes) },
    });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode, body }));
    });
    // The server answers from the headers and closes: writing the body may then fail.
    req.on("error", (err: NodeJS.ErrnoException) => (err.code === "EPIPE" || err.code === "ECONNRESET" ? undefined : reject(err)));
    req.end(Buffer.alloc(bytes, "a"));
  });
}

describe("the sign-in, forgot-password and reset pages take the sign-in's 64 KiB", () => {
  // Their server actions post to the page's own path, which Next also serves with a trailing
  // slash and behind dot segments or doubled slashes.
  it.each([
    "/signin",
    "/signin/",
    "/./signin",
    "/x/../signin",
    "/%2e/signin",
    "//signin",
    "/forgot-password",
    "/forgot-password/",
    "/reset-password/a-token",
    "/reset-password/a-token/",
    "/x/%2e%2e/reset-password/a-token",
    "/x/../api/auth/callback/credentials",
  ])("a 100 KB body to %s is refused", async (path) => {
    const r = await postAction(path, 100 * 1024);
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body)).toEqual({ error: "payload_too_large", message: "The request body is too large." });
  });

  it("a sign-in form's body of up to 64 KiB reaches Next, and other pages still take 1,000,000 bytes", async () => {
    expect(await postAction("/signin", 65_536)).toEqual({ status: 200, body: JSON.stringify({ read: 65_536 }) });
    expect(await postAction("/signinx", 100 * 1024)).toEqual({ status: 200, body: JSON.stringify({ read: 100 * 1024 }) });
    expect(await postAction("/cards", 100 * 1024)).toEqual({ status: 200, body: JSON.stringify({ read: 100 * 1024 }) });
  });
});

describe("a refused connection serves nothing more", () => {
  it("a request pipelined behind a body over the limit is never handled", async () => {
    // A complete chunked body of 70,000 bytes to /oauth/token (limit 65,536), then a second request
    // on the same connection: only the 413 comes back, and the connection closes.
    const body = "a".repeat(70_000);
    const raw =
      `POST /oauth/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n` +
      `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n` +
      `POST /api/trpc/user.folders.create HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`;
    const answer = await new Promise<string>((resolve) => {
      let text = "";
      const socket = connect(port, "127.0.0.1", () => socket.end(raw));
      socket.setEncoding("utf8");
      socket.on("data", (c: string) => (text += c));
      socket.on("close", () => resolve(text));
      socket.on("error", () => resolve(text));
    });
    expect(answer.match(/^HTTP\/1\.1 \d{3}/gm)).toEqual(["HTTP/1.1 413"]);
    expect(answer).not.toContain('"read"'); // the stub handler's answer
  });
});
