import { expect, test } from "@playwright/test";
import { LoopbackClient, type TResponse } from "./loopback-client";
import { SIGNIN_WAIT, vmon } from "./support";

/**
 * The password sign-in limit against the started server: next-auth's own endpoint
 * (`POST /api/auth/callback/credentials`) and the sign-in page. The server is shared by the whole
 * run, so these tests use accounts of their own (never the demo account). The server keys the
 * client address from the connection, so the HTTP tests connect from other loopback addresses
 * (127.0.0.2-4, as the connection's source) and their failures never count against the address
 * the rest of the suite signs in from. The browser tests cannot choose their source address:
 * their 10 failures and the one of workspace.spec.ts are all the failures from there, far from its 30.
 */
const PASSWORD = "limit-test-password";

function createUser(email: string): void {
  const r = vmon(["users", "create", "--email", email, "--password", PASSWORD]);
  expect(r.code, r.stderr).toBe(0);
}

/** next-auth's answer to a wrong password: a redirect back to the sign-in page with the error. */
function expectWrongPassword(res: TResponse): void {
  expect(res.status, res.body).toBe(302);
  expect(res.headers.location).toContain("error=CredentialsSignin");
}

function expectSignedIn(res: TResponse): void {
  expect(res.status, res.body).toBe(302);
  expect(res.headers.location).toMatch(/\/cards$/);
}

function expectThrottled(res: TResponse): number {
  expect(res.status, res.body).toBe(429);
  const retryAfter = Number(res.headers["retry-after"]);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(900);
  return retryAfter;
}

test.describe("password sign-in limit", () => {
  test("5 wrong passwords lock the e-mail: then 429 with Retry-After even with the right one; another account still signs in", async () => {
    createUser("limit-locked@example.test");
    createUser("limit-other@example.test");
    const client = new LoopbackClient("127.0.0.2");
    for (let i = 0; i < 5; i++) expectWrongPassword(await client.signIn("limit-locked@example.test", `wrong-${i}`));

    const refused = await client.signIn("limit-locked@example.test", PASSWORD);
    expect(expectThrottled(refused)).toBeGreaterThan(800); // the window (15 min) started seconds ago
    expect(JSON.parse(refused.body)).toMatchObject({ error: "throttled", message: expect.stringMatching(/Try again in 1[45] minutes\./) });
    expect([refused.headers["set-cookie"] ?? []].flat().some((c) => c.includes("session-token"))).toBe(false);
    expect(await client.sessionEmail()).toBeUndefined();
    // The e-mail typed differently is the same e-mail.
    expectThrottled(await client.signIn("  Limit-Locked@Example.TEST ", PASSWORD));

    // Another account signs in, from the same address.
    expectSignedIn(await client.signIn("limit-other@example.test", PASSWORD));
    expect(await client.sessionEmail()).toBe("limit-other@example.test");
  });

  test("30 failures from one address lock it for every e-mail, whatever forwarding headers the client sends", async () => {
    test.setTimeout(300_000); // 30 password checks at the service's scrypt cost, seconds each on a loaded machine
    createUser("limit-address@example.test");
    const client = new LoopbackClient("127.0.0.3");
    // 3 failures for each of 10 e-mails (under the e-mail limit), each request claiming another origin.
    for (let i = 0; i < 30; i++) {
      const forged = { "X-Forwarded-For": `203.0.113.${i}`, "X-Vmon-Client-Address": `198.51.100.${i}` };
      expectWrongPassword(await client.signIn(`nobody-${i % 10}@example.test`, "guess", forged));
    }
    expectThrottled(await client.signIn("limit-address@example.test", PASSWORD, { "X-Vmon-Client-Address": "198.51.100.99" }));

    // From another address the same account signs in: the refused attempt left its e-mail uncounted.
    const elsewhere = new LoopbackClient("127.0.0.4");
    expectSignedIn(await elsewhere.signIn("limit-address@example.test", PASSWORD));
    expect(await elsewhere.sessionEmail()).toBe("limit-address@example.test");
  });

  test("the sign-in page says how long to wait instead of 'wrong password'", async ({ page }) => {
    test.slow();
    createUser("limit-page@example.test");
    const message = page.locator("main").getByRole("alert");
    const submit = async (password: string) => {
      await page.goto("/signin");
      await page.getByLabel("E-mail").fill("limit-page@example.test");
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/signin\?error=/, SIGNIN_WAIT);
    };
    for (let i = 0; i < 5; i++) {
      await submit(`wrong-${i}`);
      await expect(message).toHaveText("Wrong e-mail or password.");
    }
    await submit(PASSWORD);
    await expect(message).toHaveText(/^Too many failed attempts\. Try again in 1[45] minutes\.$/);
  });

  test("a browser that signed in before keeps signing in while strangers have locked the e-mail, with 5 tries of its own", async ({
    browser,
  }) => {
    test.slow();
    const email = "limit-device@example.test";
    createUser(email);
    const known = await browser.newContext();
    const stranger = await browser.newContext();
    const submit = async (context: typeof known, password: string) => {
      const page = await context.newPage();
      await page.goto("/signin");
      await page.getByLabel("E-mail").fill(email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL((url) => url.pathname !== "/signin" || url.searchParams.has("error"));
      const alert = page.locator("main").getByRole("alert");
      const outcome = new URL(page.url()).pathname === "/cards" ? "signed in" : ((await alert.textContent()) ?? "");
      await page.close();
      return outcome;
    };
    try {
      expect(await submit(known, PASSWORD)).toBe("signed in");

      // Someone else, from another address, spends the e-mail's 5 tries: it is locked for unknown devices.
      const attacker = new LoopbackClient("127.0.0.5");
      for (let i = 0; i < 5; i++) expectWrongPassword(await attacker.signIn(email, `guess-${i}`));
      expectThrottled(await attacker.signIn(email, PASSWORD));
      expectThrottled(await new LoopbackClient("127.0.0.6").signIn(email, PASSWORD));

      // The browser that signed in before still does; a browser never seen before is refused.
      expect(await submit(known, PASSWORD)).toBe("signed in");
      expect(await submit(stranger, PASSWORD)).toMatch(/^Too many failed attempts\. Try again in 1[45] minutes\.$/);

      // The known browser's own failures count against it: 5 wrong passwords lock that browser too.
      for (let i = 0; i < 5; i++) expect(await submit(known, `typo-${i}`)).toBe("Wrong e-mail or password.");
      expect(await submit(known, PASSWORD)).toMatch(/^Too many failed attempts\. Try again in 1[45] minutes\.$/);
    } finally {
      await known.close();
      await stranger.close();
    }
  });

  test("next-auth's endpoint hands out the device cookie too: a client that signed in there keeps signing in through a lock", async () => {
    test.slow();
    const email = "limit-device-http@example.test";
    createUser(email);
    const known = new LoopbackClient("127.0.0.7");
    expectSignedIn(await known.signIn(email, PASSWORD));
    const attacker = new LoopbackClient("127.0.0.8");
    for (let i = 0; i < 5; i++) expectWrongPassword(await attacker.signIn(email, `guess-${i}`));
    expectThrottled(await attacker.signIn(email, PASSWORD));
    // A forged device cookie is no device: the attacker stays locked out.
    attacker.cookies.set("vmon-device", "1.AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expectThrottled(await attacker.signIn(email, PASSWORD));

    known.cookies.forEach((_, name) => name.includes("session-token") && known.cookies.delete(name));
    expectSignedIn(await known.signIn(email, PASSWORD));
    expect(await known.sessionEmail()).toBe(email);
  });
});
