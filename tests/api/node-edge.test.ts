import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRestPath } from "~/server/api/rest/node";
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

  it("answers unknown paths and a missing token with the spec's errors", async () => {
    const unknown = await fetch(`${base}/v1/nope/`, { headers: { authorization: `Token ${token}` } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "not_found", message: "No such endpoint." });
    const anonymous = await fetch(`${base}/v1/token/validate/`);
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error).toBe("not_authenticated");
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
