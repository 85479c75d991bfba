import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { demoCredentials, expectPagePolicy, SIGNIN_WAIT, signIn, vmon, watchPage } from "./support";

test.describe("analyst workspace", () => {
  test("signs in with the demo account, searches cards and opens one", async ({ page }) => {
    const { email, password } = demoCredentials();
    await page.goto("/cards");
    await expect(page).toHaveURL(/\/signin/);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/cards$/, SIGNIN_WAIT);

    const list = page.getByTestId("card-table");
    await expect(list.locator("tbody tr").first()).toBeVisible();
    await expect(page.getByText(/results/)).toBeVisible();

    await page.getByLabel("Search cards").fill("compliance");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/search=compliance/);
    // The previous results stay on screen (marked busy) until the search answers.
    await expect(list).toHaveAttribute("aria-busy", "false");
    const first = list.locator("tbody tr a").first();
    await expect(first).toBeVisible();
    const name = await first.textContent();
    await first.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name ?? "");
    await expect(page.getByRole("heading", { name: "Interactions" })).toBeVisible();
  });

  test("refuses a wrong password", async ({ page }) => {
    const { email } = demoCredentials();
    await page.goto("/signin");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Wrong e-mail or password.")).toBeVisible(SIGNIN_WAIT);
  });

  test("creates an API token from the browser that the API accepts", async ({ page, request }) => {
    const { email, password } = demoCredentials();
    await page.goto("/signin");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/cards$/, SIGNIN_WAIT);
    await page.goto("/settings/tokens");
    await page.getByPlaceholder("Label (optional)").fill("e2e");
    await page.getByRole("button", { name: "Create token" }).click();
    const token = (await page.getByTestId("new-token").textContent())!.trim();
    const res = await request.get("/v1/token/validate/", { headers: { Authorization: `Token ${token}` } });
    expect(res.status()).toBe(200);
  });
});

test.describe("every page under its Content-Security-Policy", () => {
  test("signs in and uses each page with no console error and no policy violation", async ({ page, baseURL }) => {
    const watch = await watchPage(page, baseURL);
    const visit = async (path: string) => {
      const res = await page.goto(path);
      expect(res!.status(), path).toBe(200);
      return expectPagePolicy(res!.headers());
    };

    // /signin: the form's button signs in (a server action, under form-action 'self').
    const policy = await visit("/signin");
    expect(policy).toContain("style-src 'self' 'nonce-");
    await signIn(page);

    // /cards: the list loads through tRPC (connect-src 'self'); Search filters it.
    await visit("/cards");
    const list = page.getByTestId("card-table");
    await expect(list.locator("tbody tr").first()).toBeVisible();
    await page.getByLabel("Search cards").fill("compliance");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/search=compliance/);
    await expect(list).toHaveAttribute("aria-busy", "false");
    const first = list.locator("tbody tr a").first();
    const slug = (await first.getAttribute("href"))!.split("/").pop()!;

    // A card page: its detail loads; the back link returns to the list (a client-side transition).
    await visit(`/cards/${slug}`);
    await expect(page.getByRole("heading", { name: "Interactions" })).toBeVisible();
    await page.getByRole("link", { name: "← Cards" }).click();
    // Back to the list as it was left: the search is still applied.
    await expect(page).toHaveURL(/\/cards\?search=compliance$/);
    await expect(list.locator("tbody tr").first()).toBeVisible();

    // /participants: Search narrows the table.
    await visit("/participants");
    const participants = page.getByTestId("participant-list");
    await expect(participants.locator("tbody tr").first()).toBeVisible();
    await page.getByLabel("Search participants").fill("capital");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(participants.locator("tbody tr").first()).toBeVisible();

    // /founders: Next turns the page.
    await visit("/founders");
    await expect(page.getByText(/^Page 1 of/)).toBeVisible();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText(/^Page 2 of/)).toBeVisible();

    // /radar and /radar/updates load their lists through tRPC (their flows: e2e/radar.spec.ts).
    await visit("/radar");
    await expect(page.getByTestId("connection-table").locator("tbody tr").first()).toBeVisible();
    await visit("/radar/updates");
    await expect(page.getByTestId("update-item").first()).toBeVisible();

    // /settings/tokens: Create token shows the new token once.
    await visit("/settings/tokens");
    await page.getByPlaceholder("Label (optional)").fill("csp-e2e");
    await page.getByRole("button", { name: "Create token" }).click();
    await expect(page.getByTestId("new-token")).toHaveText(/^\s*vm_/);

    // /settings/apps: the connected apps page loads its list.
    await visit("/settings/apps");
    await expect(page.getByRole("heading", { name: "Connected apps", level: 1 })).toBeVisible();
    await expect(
      page
        .getByTestId("connected-apps")
        .or(page.getByText(/No application is connected/))
        .first(),
    ).toBeVisible();

    // / (the browser's home) is the workspace when signed in; the sign-in page links the API reference.
    await visit("/");
    await expect(page).toHaveURL(/\/cards$/);
    await visit("/signin");
    await page.getByRole("link", { name: /API reference/ }).click();
    await expect(page).toHaveURL(/\/docs$/);
    // Scalar's bundle has mounted: its search and the sidebar's groups are there.
    await expect(page.getByRole("button", { name: /Open Search/ })).toBeVisible({ timeout: 30_000 });
    // The groups come with the document, built on its first request: seconds on a loaded machine.
    await expect(page.getByRole("button", { name: /^(Open|Close) Group - Cards$/ })).toBeVisible({ timeout: 30_000 });

    expect(await watch.problems()).toEqual([]);
  });

  test("the page watch above reports what it is there to catch", async ({ page, baseURL }) => {
    const watch = await watchPage(page, baseURL);
    await page.goto("/signin");
    await page.evaluate(() => {
      const img = document.createElement("img");
      img.src = "https://elsewhere.invalid/pixel.png"; // allowed by img-src https:, but another host
      document.body.append(img);
      const style = document.createElement("style"); // no nonce: refused by style-src
      style.textContent = "body { color: red }";
      document.head.append(style);
      console.error("something broke");
    });
    const problems = (await watch.problems()).join("\n");
    expect(problems).toContain("request to another host: GET https://elsewhere.invalid/pixel.png");
    expect(problems).toMatch(/CSP violation: style-src-elem blocked inline/);
    expect(problems).toContain("console error: something broke");
  });

  test("the OAuth consent page: Allow reaches the application's redirect URI (form-action follows the redirect)", async ({
    page,
    baseURL,
  }) => {
    const created = vmon([
      "oauth-clients",
      "create",
      "--name",
      "CSP App",
      "--redirect-uri",
      "http://127.0.0.1/callback",
      "--public",
      "--scopes",
      "cards:read",
      "--json",
    ]);
    expect(created.code, created.stderr).toBe(0);
    let callback: string | undefined;
    const app = createServer((req, res) => {
      if (req.url?.startsWith("/callback")) callback ??= req.url; // the browser asks for /favicon.ico next
      res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Done</title>");
    });
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
    try {
      const redirectUri = `http://127.0.0.1:${(app.address() as AddressInfo).port}/callback`;
      const watch = await watchPage(page, baseURL);
      await signIn(page);
      const query = new URLSearchParams({
        client_id: JSON.parse(created.stdout).client_id,
        redirect_uri: redirectUri,
        response_type: "code",
        scope: "cards:read",
        state: "csp",
        code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        code_challenge_method: "S256",
      });
      const consent = await page.goto(`/oauth/authorize?${query}`);
      expect(expectPagePolicy(consent!.headers())).toContain(`form-action 'self' ${new URL(redirectUri).origin};`);
      await page.getByRole("button", { name: "Allow" }).click();
      await expect.poll(() => callback).toMatch(/^\/callback\?code=[^&]+&state=csp/);
      // The application's own page is on another host: only the console and the policy count here.
      expect((await watch.problems()).filter((p) => !p.startsWith("request to another host: GET http://127.0.0.1"))).toEqual([]);
    } finally {
      app.close();
    }
  });

  test("a page may not be framed, by any site", async ({ request }) => {
    for (const path of ["/signin", "/docs", "/does-not-exist"]) {
      const res = await request.get(path, { headers: { Accept: "text/html" } });
      expect(res.headers()["content-security-policy"], path).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
    }
  });
});
