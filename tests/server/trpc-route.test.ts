import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { endSession } from "~/server/auth/session";
import { requestListener } from "~/server/http";
import { createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { sessionCookie } from "../helpers/session";

/**
 * /api/trpc on the service's HTTP server (server/http.ts): served by the tRPC endpoint itself,
 * signed in by the session cookie (server/auth/session.ts), never handed to Next (the stub for
 * Next answers 599). Answers are no-store and carry the security headers.
 */

const SECRET = "a-test-secret-of-enough-length-0123456789";
const previousSecret = process.env.AUTH_SECRET;
let t: TTestDb;
let server: Server;
let base: string;
let accountId: number;
let cookie: string;

beforeAll(async () => {
  process.env.AUTH_SECRET = SECRET;
  t = await openTestDb();
  const { account } = await createAccount(t.db);
  accountId = account.id;
  cookie = (await sessionCookie(t.db, account.id, { secret: SECRET })).cookie;
  server = createServer(requestListener(async (_req, res) => void res.writeHead(599).end()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  process.env.AUTH_SECRET = previousSecret;
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

const folders = (headers: Record<string, string> = {}) =>
  fetch(`${base}/api/trpc/user.folders.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: {} }))}`, { headers });

it("answers a signed-in browser's query itself, no-store, with the security headers", async () => {
  const res = await folders({ cookie });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  const body = (await res.json()) as [{ result: { data: unknown } }];
  expect(body[0].result.data).toBeDefined();
});

it("without a session, or with a session cookie it cannot read, the query is a 401", async () => {
  const refused: Record<string, string>[] = [
    {},
    { cookie: "authjs.session-token=forged" },
    { authorization: `Bearer ${cookie.split("=")[1]}` },
  ];
  for (const headers of refused) {
    const res = await folders(headers);
    expect(res.status, JSON.stringify(Object.keys(headers))).toBe(401);
    expect(res.headers.get("cache-control")).toBe("no-store");
  }
});

it("a session that was signed out is a 401, whoever still holds a copy of its cookie; another session goes on", async () => {
  const copied = await sessionCookie(t.db, accountId, { secret: SECRET });
  const other = await sessionCookie(t.db, accountId, { secret: SECRET });
  expect((await folders({ cookie: copied.cookie })).status).toBe(200);
  await endSession(t.db, copied.sid);
  const refused = await folders({ cookie: copied.cookie });
  expect(refused.status).toBe(401);
  expect(((await refused.json()) as [{ error: { data: { appCode: string } } }])[0].error.data.appCode).toBe("not_authenticated");
  expect((await folders({ cookie: other.cookie })).status).toBe(200);
});

it("a mutation from another site is refused before anything runs", async () => {
  const res = await fetch(`${base}/api/trpc/user.folders.create`, {
    method: "POST",
    headers: { cookie, origin: "https://evil.example", "content-type": "application/json" },
    body: JSON.stringify({ name: "from elsewhere" }),
  });
  expect(res.status).toBe(403);
});

it("answers a method other than GET, HEAD and POST with a 405 naming the ones it takes", async () => {
  for (const method of ["PUT", "PATCH", "DELETE", "OPTIONS"]) {
    const res = await fetch(`${base}/api/trpc/user.folders.list`, { method, headers: { cookie } });
    expect(res.status, method).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, POST");
    expect(((await res.json()) as { error: { data: { appCode: string } } }).error.data.appCode).toBe("method_not_allowed");
  }
  const head = await fetch(`${base}/api/trpc/user.folders.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: {} }))}`, {
    method: "HEAD",
    headers: { cookie },
  });
  expect(head.status).toBe(200);
});
