import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRestPath, serveRest } from "~/server/api/rest/node";
import { requestListener } from "~/server/http";
import { createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";

/**
 * The REST API as the service's HTTP server serves it (server/http.ts): Node request in, same
 * answers. Next is replaced by a stub that answers 418 (and fails on /boom).
 */

let t: TTestDb;
let server: Server;
let base: string;
let token: string;

beforeAll(async () => {
  t = await openTestDb();
  token = (await createAccount(t.db, { plan: "paid" })).token;
  server = createServer(
    requestListener(async (req, res) => {
      if (req.url === "/boom") throw new Error("a page failed");
      res.writeHead(418, { "content-type": "text/plain" }).end("not the REST edge");
    }),
  );
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await t?.close();
});

/** Sends raw HTTP/1.1 (repeated headers, bytes fetch would not send) and returns the status and the body. */
function raw(head: string, body = "", to = base): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(to);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = "";
    socket.on("data", (d) => (text += d.toString("utf8")));
    socket.on("error", reject);
    socket.on("end", () => {
      const [h = "", b = ""] = text.split("\r\n\r\n", 2);
      resolve({ status: Number(h.split(" ")[1]), body: b });
    });
    socket.write(`${head}\r\nHost: localhost\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  });
}

describe("isRestPath", () => {
  it.each([
    ["/v1/cards/", true],
    ["/v1/cards?limit=1", true],
    ["/v1", true],
    ["/v1/", true],
    ["/v1?x=1", true],
    ["/v1/openapi.json", false],
    ["/v10/cards/", false],
    ["/v1cards", false],
    ["/docs", false],
    ["/", false],
    [undefined, false],
  ])("%s -> %s", (url, expected) => {
    expect(isRestPath(url)).toBe(expected);
  });
});

describe("the Node edge", () => {
  it("answers a GET with the body, rate-limit headers and an exact content-length", async () => {
    const r = await fetch(`${base}/v1/token/validate/`, { headers: { authorization: `Token ${token}` } });
    const text = await r.text();
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(r.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
    expect(r.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
    expect(JSON.parse(text).data.access.plan).toBe("paid");
  });

  it("answers HEAD as GET, without the body", async () => {
    const r = await fetch(`${base}/v1/token/validate/`, { method: "HEAD", headers: { authorization: `Token ${token}` } });
    expect(r.status).toBe(200);
    expect(await r.text()).toBe("");
  });

  it("reads JSON bodies and refuses malformed ones with the spec's body", async () => {
    const ok = await fetch(`${base}/v1/cards/`, {
      method: "POST",
      headers: { authorization: `Token ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ limit: 1 }),
    });
    expect(ok.status).toBe(200);
    expect((await ok.json()).pagination.limit).toBe(1);

    const bad = await fetch(`${base}/v1/cards/`, {
      method: "POST",
      headers: { authorization: `Token ${token}`, "content-type": "application/json" },
      body: "{bad",
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "validation_error", message: "The request body is not valid JSON." });
  });

  // The edge reads Node's request without a Fetch Request: headers and bodies as Fetch would give them.
  it("joins a repeated Authorization header as Fetch does: a second token makes it invalid, not ignored", async () => {
    const r = await raw(`GET /v1/token/validate/ HTTP/1.1\r\nAuthorization: Token ${token}\r\nAuthorization: Token vm_other`);
    expect(r.status).toBe(401);
    expect(JSON.parse(r.body)).toMatchObject({ error: "authentication_failed" });
  });

  it("reads a body as Fetch's text() does: a leading UTF-8 byte order mark is dropped", async () => {
    const r = await raw(
      `POST /v1/cards/ HTTP/1.1\r\nAuthorization: Token ${token}\r\nContent-Type: application/json`,
      '\uFEFF{"limit": 1}',
    );
    expect(r.status, r.body).toBe(200);
    expect(JSON.parse(r.body).pagination.limit).toBe(1);
  });

  it("a request path starting with two slashes names no other host: //evil.example/v1/... is not /v1", async () => {
    const head = `GET //evil.example/v1/token/validate/ HTTP/1.1\r\nAuthorization: Token ${token}`;
    // The server hands it to Next (the stub), not to the REST edge ...
    expect((await raw(head)).status).toBe(418);
    // ... and the REST edge itself, given it, reads the path behind its own origin: no such endpoint.
    const edge = createServer((req, res) => void serveRest(req, res));
    await new Promise<void>((r) => edge.listen(0, "127.0.0.1", r));
    try {
      const r = await raw(head, "", `http://127.0.0.1:${(edge.address() as AddressInfo).port}`);
      expect(r.status).toBe(404);
      expect(JSON.parse(r.body)).toEqual({ error: "not_found", message: "No such endpoint." });
    } finally {
      await new Promise((r) => edge.close(r));
    }
  });

  it("answers unknown paths and a missing token with the spec's errors", async () => {
    const unknown = await fetch(`${base}/v1/nope/`, { headers: { authorization: `Token ${token}` } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "not_found", message: "No such endpoint." });
    const anonymous = await fetch(`${base}/v1/token/validate/`);
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error).toBe("not_authenticated");
  });

  it("paths that try to step out of /v1 or around its routes find nothing", async () => {
    const auth = `Authorization: Token ${token}`;
    // An encoded traversal stays one path segment (here a card slug) and a doubled slash matches
    // no route: neither is normalised into another endpoint.
    for (const target of ["/v1/cards/..%2F..%2Ftoken%2Fvalidate/", "/v1/token/..%2Fvalidate/", "/v1//token/validate/"]) {
      const r = await raw(`GET ${target} HTTP/1.1\r\n${auth}`);
      expect([r.status, JSON.parse(r.body).error], target).toEqual([404, "not_found"]);
    }
    // A NUL in the path is refused before any lookup.
    const nul = await raw(`GET /v1/cards/%00/ HTTP/1.1\r\n${auth}`);
    expect([nul.status, JSON.parse(nul.body).error]).toEqual([400, "validation_error"]);
    // A method-override header changes nothing: DELETE /v1/cards/ has no endpoint.
    const override = await raw(`DELETE /v1/cards/ HTTP/1.1\r\n${auth}\r\nX-HTTP-Method-Override: GET`);
    expect(override.status).toBe(404);
    // Bracketed prototype keys are unknown parameters, named in the answer.
    const proto = await raw(`GET /v1/cards/?__proto__[x]=1&constructor=2 HTTP/1.1\r\n${auth}`);
    expect(proto.status).toBe(400);
    expect(JSON.parse(proto.body).details).toEqual({ "__proto__[x]": ["unknown parameter"], constructor: ["unknown parameter"] });
  });
});

describe("security headers on every response of the Node server", () => {
  const expectSecurityHeaders = (r: Response) => {
    expect(r.headers.get("x-content-type-options")).toBe("nosniff");
    expect(r.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    // BASE_URL is http in tests: no HSTS, and JSON answers carry no page policy.
    expect(r.headers.get("strict-transport-security")).toBeNull();
    expect(r.headers.get("content-security-policy")).toBeNull();
  };

  it("on /v1 answers: success, HEAD, errors of every kind", async () => {
    const auth = { authorization: `Token ${token}` };
    const answers = [
      await fetch(`${base}/v1/token/validate/`, { headers: auth }),
      await fetch(`${base}/v1/token/validate/`, { method: "HEAD", headers: auth }),
      await fetch(`${base}/v1/token/validate/`),
      await fetch(`${base}/v1/nope/`, { headers: auth }),
      await fetch(`${base}/v1/cards/`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: "{bad" }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 401, 404, 400]);
    for (const r of answers) expectSecurityHeaders(r);
    expect(answers[0]!.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/); // the edge's own headers stay
  });

  it("on what Next answers, and on a request that fails there", async () => {
    const page = await fetch(`${base}/cards`);
    expect(page.status).toBe(418);
    expect(await page.text()).toBe("not the REST edge");
    expectSecurityHeaders(page);

    const failed = await fetch(`${base}/boom`);
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ error: "internal_error", message: expect.any(String) });
    expectSecurityHeaders(failed);
  });
});
