import { connect, createServer, type AddressInfo, type Socket } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { serveHttp, type THttpStop } from "~/server/http";

/**
 * The service's HTTP server keeps an idle keep-alive connection open longer than Node's default
 * (5 s): a client that reuses its connection after a pause (Playwright's request context, an
 * agent pool) gets an answer, not a reset from a close that crossed its request. Next is replaced
 * by a stub answering 200.
 */

let port: number;
let http: THttpStop;

beforeAll(async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  http = await serveHttp({
    dev: false,
    root: process.cwd(),
    port,
    handleNext: async (_req, res) => void res.writeHead(200, { "content-type": "text/plain", "content-length": "2" }).end("ok"),
  });
});
afterAll(async () => {
  await http?.drain(1_000);
});

/** Writes one GET on `socket` and resolves with the status line of its answer (the body is "ok"). */
function get(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = "";
    const onData = (chunk: Buffer) => {
      answer += chunk.toString("latin1");
      if (answer.endsWith("\r\n\r\nok")) {
        socket.off("data", onData);
        socket.off("close", onClose);
        resolve(answer.split("\r\n", 1)[0]!);
      }
    };
    const onClose = () => reject(new Error(`connection closed; read ${JSON.stringify(answer)}`));
    socket.on("data", onData);
    socket.once("close", onClose);
    socket.write("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n");
  });
}

it("answers a second request on a connection that was idle longer than Node's default (5 s, closed by 7 s)", async () => {
  const socket = connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  try {
    expect(await get(socket)).toBe("HTTP/1.1 200 OK");
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    expect(socket.destroyed).toBe(false);
    expect(await get(socket)).toBe("HTTP/1.1 200 OK");
  } finally {
    socket.destroy();
  }
}, 20_000);
