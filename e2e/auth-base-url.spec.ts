import { expect, test } from "@playwright/test";
import { LoopbackClient, setCookies, type TResponse } from "./loopback-client";
import { startOwnServer, type TOwnServer } from "./own-server";

/**
 * next-auth's addresses come from BASE_URL, not from where the server listens nor from what a
 * request says. A server of this spec's own listens on localhost:<E2E_PORT + 2> behind a declared
 * reverse proxy (TRUST_PROXY=1) and is published as https://vm.example: its sign-in endpoints must
 * name https://vm.example in every redirect, page and provider URL, and set Secure cookies, even
 * when the proxy forwards no host or forwards another one.
 */
const external = process.env.E2E_BASE_URL;
const PUBLIC = "https://vm.example";
const PORT = Number(process.env.E2E_PORT ?? 3111) + 2;

/** What a proxy in front may send: nothing about the host (nginx's default), or another host and scheme. */
const FORWARDED: Record<string, Record<string, string>> = {
  "no forwarded host": { "X-Forwarded-Proto": "https" },
  "another forwarded host": { "X-Forwarded-Host": "other.example:8443", "X-Forwarded-Proto": "http" },
};

/** Every absolute http(s) URL in an answer's Location and body that is not on BASE_URL's origin. */
function foreignUrls(res: TResponse): string[] {
  const text = `${String(res.headers.location ?? "")}\n${res.body}`;
  return [...text.matchAll(/https?:(?:\/\/|%2F%2F)[^"'\s<>&]+/gi)]
    .map((m) => decodeURIComponent(m[0]))
    .filter((u) => !u.startsWith(PUBLIC));
}

test.describe("next-auth's addresses come from BASE_URL", () => {
  test.skip(!!external, "starts a server of its own");
  let server: TOwnServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    server = await startOwnServer(PORT, { BASE_URL: PUBLIC, TRUST_PROXY: "1" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  for (const [label, headers] of Object.entries(FORWARDED)) {
    test(`behind a proxy (${label}): redirects, pages, providers and cookies name BASE_URL`, async () => {
      const client = new LoopbackClient("127.0.0.12", PORT);

      const providers = await client.send("GET", "/api/auth/providers", { headers });
      expect(providers.status).toBe(200);
      expect(JSON.parse(providers.body)).toMatchObject({
        credentials: { signinUrl: `${PUBLIC}/api/auth/signin/credentials`, callbackUrl: `${PUBLIC}/api/auth/callback/credentials` },
      });

      const csrf = await client.send("GET", "/api/auth/csrf", { headers });
      const cookies = setCookies(csrf);
      expect(cookies.length).toBeGreaterThan(0);
      // https BASE_URL: next-auth's prefixed cookie names, Secure, for no other domain.
      for (const cookie of cookies) {
        expect(cookie).toMatch(/^__(Secure|Host)-authjs\./);
        expect(cookie).toMatch(/;\s*secure/i);
        expect(cookie).not.toMatch(/domain=/i);
      }

      const wrong = await client.signIn("nobody@example.test", "not the password", headers);
      expect(wrong.status, wrong.body).toBe(302);
      expect(String(wrong.headers.location)).toBe(`${PUBLIC}/signin?error=CredentialsSignin&code=credentials`);

      const signinPage = await client.send("GET", "/api/auth/signin", { headers });
      expect(signinPage.status).toBe(302);
      expect(foreignUrls(signinPage)).toEqual([]);

      // next-auth's own sign-out page: its form posts to BASE_URL.
      const signoutPage = await client.send("GET", "/api/auth/signout", { headers });
      expect(signoutPage.status).toBe(200);
      expect(signoutPage.body).toContain(`action="${PUBLIC}/api/auth/signout"`);
      expect(foreignUrls(signoutPage)).toEqual([]);

      for (const res of [providers, csrf, wrong]) expect(foreignUrls(res)).toEqual([]);
    });
  }
});
