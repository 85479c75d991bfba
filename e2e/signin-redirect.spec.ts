import { expect, test, type BrowserContext } from "@playwright/test";
import { LoopbackClient, PORT, setCookies } from "./loopback-client";
import { vmon } from "./support";

/**
 * Where a sign-in sends the browser, and which host next-auth believes it serves. A sign-in link
 * may carry any `callbackUrl` (an attacker's link to the real sign-in page): after the sign-in the
 * browser must stay on this service, whatever the value (tabs and line breaks that browsers drop
 * from URLs, backslashes they read as slashes, protocol-relative and absolute URLs, encoded forms).
 * And next-auth must build its redirects and cookies from BASE_URL, not from the forwarding
 * headers a client sends (TRUST_PROXY is 0 in these runs). Accounts of their own; the HTTP tests
 * connect from loopback addresses of their own (see loopback-client.ts).
 */
const PASSWORD = "redirect-test-password";
const ORIGIN = `http://localhost:${PORT}`;

/** `callbackUrl` query values as a malicious link would carry them (already URL-encoded). */
const MALICIOUS = [
  "/%09/evil.example/",
  "/%0a/evil.example/",
  "/%0d%0a/evil.example/",
  "%5C/evil.example/",
  "/%5Cevil.example/",
  "%5C%5Cevil.example/",
  "//evil.example/",
  "%2F%2Fevil.example%2F",
  "/%09%2Fevil.example",
  "/.//evil.example/",
  "http://evil.example/",
  "https:evil.example/",
  "HTTPS://evil.example/",
  "%20//evil.example/",
  "http:%2F%2Fevil.example/",
  "javascript:alert(document.domain)",
];

function createUser(email: string): void {
  const r = vmon(["users", "create", "--email", email, "--password", PASSWORD]);
  expect(r.code, r.stderr).toBe(0);
}

/** Answers every request to another host with a page of its own, and lists those requests. */
async function fenceOtherHosts(context: BrowserContext): Promise<string[]> {
  const escaped: string[] = [];
  await context.route(
    (url) => url.host !== `localhost:${PORT}`,
    (route) => {
      escaped.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/html", body: "<h1>another host</h1>" });
    },
  );
  return escaped;
}

async function signInThrough(context: BrowserContext, email: string, callbackQuery: string): Promise<string> {
  const page = await context.newPage();
  await page.goto(`/signin?callbackUrl=${callbackQuery}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname !== "/signin");
  await page.waitForLoadState();
  const url = page.url();
  await page.close();
  return url;
}

test.describe("where a sign-in leads", () => {
  test("the sign-in page never leads to another host, whatever callbackUrl it was given", async ({ browser }) => {
    test.slow(); // a sign-in per value, each a password check at the service's scrypt cost
    const email = "redirect-page@example.test";
    createUser(email);
    const context = await browser.newContext();
    const escaped = await fenceOtherHosts(context);
    try {
      for (const callback of MALICIOUS) {
        const landed = new URL(await signInThrough(context, email, callback));
        expect(landed.origin, `callbackUrl=${callback}`).toBe(ORIGIN);
        expect(landed.pathname, `callbackUrl=${callback}`).toBe("/cards");
      }
      expect(escaped).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("the sign-in page keeps a deep link on this service exactly", async ({ browser }) => {
    const email = "redirect-deep@example.test";
    createUser(email);
    const context = await browser.newContext();
    try {
      expect(await signInThrough(context, email, encodeURIComponent("/cards?stages=mvp"))).toBe(`${ORIGIN}/cards?stages=mvp`);
      expect(await signInThrough(context, email, encodeURIComponent("/folders?view=2#top"))).toBe(`${ORIGIN}/folders?view=2#top`);
    } finally {
      await context.close();
    }
  });

  test("next-auth's endpoint redirects only to this service, whatever callbackUrl it was given", async () => {
    test.slow();
    const email = "redirect-endpoint@example.test";
    createUser(email);
    const client = new LoopbackClient("127.0.0.9");
    for (const callback of MALICIOUS) {
      const res = await client.signIn(email, PASSWORD, {}, decodeURIComponent(callback));
      expect(res.status, callback).toBe(302);
      const location = new URL(String(res.headers.location), ORIGIN);
      expect(location.origin, callback).toBe(ORIGIN);
      expect(location.pathname.startsWith("//"), callback).toBe(false);
    }
    const deep = await client.signIn(email, PASSWORD, {}, "/cards?stages=mvp");
    expect(deep.headers.location).toBe(`${ORIGIN}/cards?stages=mvp`);
  });
});

test.describe("forwarding headers without TRUST_PROXY", () => {
  const forged = { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" };

  test("a sign-in with a forged X-Forwarded-Host / Proto gets redirects and cookies for BASE_URL", async () => {
    const email = "forwarded@example.test";
    createUser(email);
    const client = new LoopbackClient("127.0.0.10");

    const wrong = await client.signIn(email, "not the password", forged);
    expect(wrong.status, wrong.body).toBe(302);
    expect(String(wrong.headers.location)).toMatch(new RegExp(`^${ORIGIN}/signin\\?`));

    const right = await client.signIn(email, PASSWORD, forged);
    expect(right.status, right.body).toBe(302);
    expect(right.headers.location).toBe(`${ORIGIN}/cards`);
    const cookies = setCookies(right);
    const session = cookies.find((c) => c.includes("session-token="));
    expect(session, cookies.join("\n")).toBeDefined();
    // An http BASE_URL: no `__Secure-` cookie names, no Secure attribute, no domain of another host.
    for (const cookie of cookies) {
      expect(cookie).not.toMatch(/^__(Secure|Host)-/);
      expect(cookie).not.toMatch(/;\s*secure/i);
      expect(cookie).not.toMatch(/evil\.example/i);
    }
    expect(await client.sessionEmail()).toBe(email);

    // Next-auth's own pages answer with this service's address too.
    const signinPage = await client.send("GET", "/api/auth/signin", { headers: forged });
    expect(String(signinPage.headers.location ?? "")).not.toMatch(/evil\.example/);
  });
});
