import { expect, test, type BrowserContext } from "@playwright/test";
import { LoopbackClient, PORT } from "./loopback-client";
import { signedInContext, vmon } from "./support";

/**
 * Sign-out ends the session on the server: a copy of the session cookie taken before signing out
 * (another machine, a stolen cookie) is refused afterwards everywhere the session is read: the
 * workspace's /api/trpc, its pages, the CSV export and the OAuth authorization endpoint. The
 * account's other browsers stay signed in. Accounts of their own; plain HTTP requests carry the
 * copied cookie.
 */
const PASSWORD = "signout-test-password";
const ORIGIN = `http://localhost:${PORT}`;

function createUser(email: string): void {
  const r = vmon(["users", "create", "--email", email, "--password", PASSWORD]);
  expect(r.code, r.stderr).toBe(0);
}

/** An OAuth client of this spec's own, to ask /oauth/authorize whether the cookie is a session. */
function registerApp(): string {
  const r = vmon([
    "oauth-clients",
    "create",
    "--name",
    "Sign-out check",
    "--redirect-uri",
    "http://127.0.0.1/callback",
    "--public",
    "--scopes",
    "cards:read",
    "--json",
  ]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout).client_id as string;
}

/** The session cookie of a browser context, as a Cookie header. */
async function sessionCookie(context: BrowserContext): Promise<string> {
  const session = (await context.cookies()).find((c) => c.name.endsWith("authjs.session-token"));
  expect(session, "a session cookie").toBeDefined();
  return `${session!.name}=${session!.value}`;
}

/** What each place that reads the session makes of a Cookie header: "in" when it signs someone in. */
async function seenAs(cookie: string, clientId: string): Promise<Record<string, string>> {
  const get = (path: string) => fetch(`${ORIGIN}${path}`, { headers: { cookie }, redirect: "manual" });
  const trpc = await get(`/api/trpc/account.me?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: {} }))}`);
  const page = await get("/cards");
  const exported = await get("/api/cards/export?search=no-such-card-anywhere");
  const authorize = await get(
    `/oauth/authorize?${new URLSearchParams({
      response_type: "code",
      client_id: clientId,
      redirect_uri: "http://127.0.0.1:9/callback",
      scope: "cards:read",
      state: "s",
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
    })}`,
  );
  await Promise.all([trpc, page, exported, authorize].map((r) => r.body?.cancel()));
  return {
    trpc: trpc.status === 200 ? "in" : `out ${trpc.status}`,
    page: page.status === 200 ? "in" : `out ${page.status} ${page.headers.get("location")}`,
    export: exported.status === 200 ? "in" : `out ${exported.status}`,
    authorize: (authorize.headers.get("location") ?? "").startsWith("/oauth/consent") ? "in" : `out ${authorize.headers.get("location")}`,
  };
}

const SIGNED_IN = { trpc: "in", page: "in", export: "in", authorize: "in" };

test.describe("sign-out ends the session on the server", () => {
  test("a copy of the cookie is refused once its browser signed out; the account's other browser stays signed in", async ({
    browser,
    baseURL,
  }) => {
    test.slow(); // two sign-ins at the service's scrypt cost
    const email = "signout-browser@example.test";
    createUser(email);
    const clientId = registerApp();
    const first = await signedInContext(browser, baseURL, { email, password: PASSWORD });
    const second = await signedInContext(browser, baseURL, { email, password: PASSWORD });
    try {
      const copied = await sessionCookie(first.context);
      const other = await sessionCookie(second.context);
      expect(await seenAs(copied, clientId)).toEqual(SIGNED_IN);

      await first.page.getByRole("button", { name: "Sign out" }).first().click();
      await expect(first.page).toHaveURL(/\/signin$/);

      const after = await seenAs(copied, clientId);
      expect(after.trpc).toBe("out 401");
      expect(after.page).toMatch(/^out 307 \/signin/);
      expect(after.export).toBe("out 401");
      expect(after.authorize).toMatch(/^out \/signin\?callbackUrl=/);

      // Only that session ended: the other browser's cookie still signs in, and its page still works.
      expect(await seenAs(other, clientId)).toEqual(SIGNED_IN);
      await second.page.reload();
      await expect(second.page.getByRole("button", { name: "Sign out" }).first()).toBeAttached();
      expect(await first.watch.problems()).toEqual([]);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });

  test("next-auth's own sign-out endpoint ends the session too", async () => {
    const email = "signout-endpoint@example.test";
    createUser(email);
    const clientId = registerApp();
    const client = new LoopbackClient("127.0.0.11");
    const signedIn = await client.signIn(email, PASSWORD);
    expect(signedIn.status, signedIn.body).toBe(302);
    const name = [...client.cookies.keys()].find((k) => k.endsWith("authjs.session-token"))!;
    const copied = `${name}=${client.cookies.get(name)}`;
    expect(await seenAs(copied, clientId)).toEqual(SIGNED_IN);

    const { csrfToken } = JSON.parse((await client.send("GET", "/api/auth/csrf")).body) as { csrfToken: string };
    const out = await client.send("POST", "/api/auth/signout", { form: { csrfToken, callbackUrl: "/signin" } });
    expect(out.status, out.body).toBe(302);
    expect(client.cookies.get(name) ?? "").toBe(""); // the browser's copy is cleared...
    const after = await seenAs(copied, clientId); // ...and a copy kept elsewhere no longer signs in
    expect(after.trpc).toBe("out 401");
    expect(after.page).toMatch(/^out 307 \/signin/);
  });
});
