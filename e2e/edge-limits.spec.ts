import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { auth, demoCredentials, signIn } from "./support";

/**
 * The HTTP edge against the started server, Next's routes included: request bodies bounded as they
 * arrive (server/body-limits.ts), deep JSON refused, and the workspace's tRPC mutations accepted
 * only from the service's own pages.
 */
const PORT = Number(process.env.E2E_PORT ?? 3111);
const OWN = `http://localhost:${PORT}`;
const MB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, "a");

interface TOutcome {
  status?: number;
  connection?: string;
  body: string;
  sent: number;
}

/** POSTs up to 100 MB as a chunked body (no Content-Length); stops at the answer or when the connection closes. */
function sendChunked(path: string, contentType = "application/json"): Promise<TOutcome> {
  return new Promise((resolve) => {
    const outcome: TOutcome = { body: "", sent: 0 };
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      req.destroy();
      resolve(outcome);
    };
    const req = httpRequest({
      host: "127.0.0.1",
      port: PORT,
      path,
      method: "POST",
      headers: { host: `localhost:${PORT}`, "content-type": contentType, origin: OWN },
    });
    req.on("response", (res) => {
      outcome.status = res.statusCode;
      outcome.connection = res.headers.connection;
      res.setEncoding("utf8");
      res.on("data", (c: string) => (outcome.body += c));
      res.on("end", finish);
      res.on("error", finish);
    });
    req.on("error", finish);
    req.on("close", () => setTimeout(finish, 50));
    const pump = () => {
      while (!done && outcome.sent < 100 * MB) {
        outcome.sent += CHUNK.length;
        if (!req.write(CHUNK)) return void req.once("drain", pump);
      }
      if (!done) req.end();
    };
    pump();
  });
}

test.describe("request bodies are bounded as they arrive", () => {
  for (const [path, limit, type, expected] of [
    ["/v1/cards/", 1_000_000, "application/json", '"error":"payload_too_large"'],
    ["/v1/webhooks/", 1_000_000, "application/json", '"error":"payload_too_large"'],
    ["/mcp", 4 * MB, "application/json", '"error":"payload_too_large"'],
    ["/oauth/token", 65_536, "application/x-www-form-urlencoded", '"error":"invalid_request"'],
    ["/api/trpc/user.folders.create", 1_000_000, "application/json", '"code":"PAYLOAD_TOO_LARGE"'],
    ["/api/auth/callback/credentials", 65_536, "application/x-www-form-urlencoded", '"error":"payload_too_large"'],
    ["/oauth/authorize/decision", 65_536, "application/x-www-form-urlencoded", "Request too large"],
  ] as const) {
    test(`a chunked 100 MB body to ${path} is refused at ${limit} bytes`, async () => {
      // The server stops reading at the limit: what the client could write is the limit plus what
      // the two sockets' buffers took in (tests/server/body-limits.test.ts counts the server's side).
      const r = await sendChunked(path, type);
      expect(r.status).toBe(413);
      expect(r.connection).toBe("close");
      expect(r.body).toContain(expected);
      expect(r.sent).toBeLessThan(limit + 16 * MB);
    });
  }
});

/** POSTs `bytes` with a Content-Length to `path`, sent as written (no URL tidying), as a page's server action would. */
function postAction(path: string, bytes: number): Promise<{ status?: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: PORT,
        path,
        method: "POST",
        headers: {
          host: `localhost:${PORT}`,
          origin: OWN,
          "next-action": "0".repeat(42),
          "content-type": "text/plain;charset=UTF-8",
          "content-length": String(bytes),
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode, body }));
      },
    );
    // The server may answer from the headers and close before the body is written.
    req.on("error", (err: NodeJS.ErrnoException) => (err.code === "EPIPE" || err.code === "ECONNRESET" ? undefined : reject(err)));
    req.end(Buffer.alloc(bytes, "a"));
  });
}

test("the sign-in, forgot-password and reset pages take at most 64 KiB; signing in still works", async ({ page }) => {
  // Every address Next serves those pages' actions at: a trailing slash, dot segments.
  for (const path of [
    "/signin",
    "/signin/",
    "/./signin",
    "/x/../signin",
    "/%2e/signin",
    "/forgot-password",
    "/forgot-password/",
    "/reset-password/some-token",
    "/reset-password/some-token/",
    "/x/%2e%2e/reset-password/some-token",
  ]) {
    const r = await postAction(path, 100 * 1024);
    expect(r.status, path).toBe(413);
    expect(JSON.parse(r.body), path).toMatchObject({ error: "payload_too_large" });
  }
  await signIn(page);
});

test("a 200,000-deep JSON body on /v1 is a 400 validation_error", async ({ request }) => {
  const depth = 200_000;
  const r = await request.post("/v1/cards/", {
    headers: { ...auth(demoCredentials().token), "content-type": "application/json" },
    data: `{"stages": ${"[".repeat(depth)}${"]".repeat(depth)}}`,
  });
  expect(r.status()).toBe(400);
  expect((await r.json()).error).toBe("validation_error");
});

test("the workspace's mutations are accepted from its own pages only", async ({ page }) => {
  await signIn(page);
  const create = (name: string, headers: Record<string, string>) =>
    page.request.post("/api/trpc/user.folders.create", {
      headers: { "content-type": "application/json", ...headers },
      data: JSON.stringify({ name }),
    });

  const stamp = Date.now();
  expect((await create(`cross-site ${stamp}`, { origin: "https://attacker.example" })).status()).toBe(403);
  expect((await create(`no origin ${stamp}`, {})).status()).toBe(403);
  expect((await create(`own origin ${stamp}`, { origin: OWN })).status()).toBe(200);

  // The workspace itself (its fetches carry the page's Origin) still creates folders.
  await page.goto("/folders");
  const name = `from the page ${stamp}`;
  await page.getByLabel("New folder name").fill(name);
  await page.getByRole("button", { name: "Create folder" }).click();
  // The folder's link in the list (the toast that confirms it names it too).
  await expect(page.getByRole("link", { name })).toBeVisible();
  await expect(page.getByText(`cross-site ${stamp}`)).toHaveCount(0);
  await expect(page.getByText(`no origin ${stamp}`)).toHaveCount(0);
});

test("a request path that names another host is not /v1, and its redirect stays on this service", async () => {
  const { token } = demoCredentials();
  // Sent as written: "//evil.example/v1/cards/" is a path on this server, not a URL of another host.
  const answer = await new Promise<{ status?: number; location?: string }>((resolve, reject) => {
    const req = httpRequest({ host: "localhost", port: PORT, path: "//evil.example/v1/cards/", headers: auth(token) }, (res) => {
      res.resume();
      resolve({ status: res.statusCode, location: res.headers.location });
    });
    req.on("error", reject);
    req.end();
  });
  // Next tidies the doubled slash with a redirect to a path of this service, never to "//host".
  expect(answer).toEqual({ status: 308, location: "/evil.example/v1/cards/" });
});
