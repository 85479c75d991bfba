import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRestPath, serveRest } from "../../server/api/rest/node";
import { createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";

/** The REST API as the service's HTTP server serves it (server/main.ts): Node request in, same answers. */

let t: TTestDb;
let server: Server;
let base: string;
let token: string;

beforeAll(async () => {
  t = await openTestDb();
  token = (await createAccount(t.db, { plan: "paid" })).token;
  server = createServer((req, res) => {
    if (isRestPath(req.url)) void serveRest(req, res);
    else res.writeHead(418).end();
  });
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
