import { expect, test, type Page } from "@playwright/test";
import { networkBUsername } from "../server/domain/demo/network-b";
import { auth, demoCredentials, expectNoSeriousA11yViolation, SIGNIN_WAIT, signIn, vmon, watchPage } from "./support";

/**
 * The analyst's daily loop, its entry and its traces (issue 38): getting in (/ and deep links, a
 * wrong password), the radar's follow results to their final state with the quota of failed
 * applications, an intro request that stays, toasts for what saving and deleting did, settings
 * (webhook form, requests per token, last used), and 404s inside the workspace's navigation.
 */

const PHONE = { width: 390, height: 844 };

const quotaUsed = async (page: Page, source: "network_a" | "network_b") =>
  Number(/^(\d+) of/.exec((await page.getByTestId(`quota-${source}-text`).textContent()) ?? "")?.[1] ?? NaN);

/** The workspace toast (app/_ui/toast.tsx) saying `text`. */
const toast = (page: Page, text: string | RegExp) => page.getByTestId("toast").filter({ hasText: text });

/** No sideways scroll on a phone: nothing wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test.describe("getting in", () => {
  test("/ leads to sign-in, then the workspace", async ({ page, baseURL }) => {
    const watch = await watchPage(page, baseURL);
    await page.goto("/");
    await expect(page).toHaveURL(/\/signin$/);
    await expectNoSeriousA11yViolation(page, "/signin");
    const { email, password } = demoCredentials();
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/cards$/, SIGNIN_WAIT);
    // Signed in, / is the workspace.
    await page.goto("/");
    await expect(page).toHaveURL(/\/cards$/);
    expect(await watch.problems()).toEqual([]);
  });

  test("a signed-out deep link returns to the same view after sign-in (desktop and 390 px)", async ({ page, baseURL }) => {
    const watch = await watchPage(page, baseURL);
    for (const [i, size] of [null, PHONE].entries()) {
      if (size) {
        // Sign out by dropping the cookies with no workspace page open: a page left open would
        // fetch with no session (401) on the viewport change, which is not what this test is about.
        await page.goto("about:blank");
        await page.context().clearCookies();
        await page.setViewportSize(size);
      }
      const view = `/cards?search=fintech&sort=name&n=${i}`;
      await page.goto(view);
      await expect(page).toHaveURL(/\/signin\?callbackUrl=/);
      expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe(view);
      const { email, password } = demoCredentials();
      await page.getByLabel("E-mail").fill(email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(new RegExp(`${view.replace(/[?]/g, "\\?")}$`), SIGNIN_WAIT);
      await expect(page.getByLabel("Search cards")).toHaveValue("fintech");
    }
    expect(await watch.problems()).toEqual([]);
  });

  test("a wrong password keeps the e-mail that was typed", async ({ page, baseURL }) => {
    const email = `loop-entry-${Date.now()}@example.test`;
    const r = vmon(["users", "create", "--email", email, "--password", "the-right-password"]);
    expect(r.code, r.stderr).toBe(0);
    const watch = await watchPage(page, baseURL);
    await page.goto("/signin");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/signin\?error=1/, SIGNIN_WAIT);
    await expect(page.getByText("Wrong e-mail or password.")).toBeVisible();
    await expect(page.getByLabel("E-mail")).toHaveValue(email);
    await expect(page.getByLabel("Password")).toHaveValue("");
    // Only the password to retype.
    await page.getByLabel("Password").fill("the-right-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/cards$/, SIGNIN_WAIT);
    expect(await watch.problems()).toEqual([]);
  });

  test("a password set by an administrator ends the sessions signed in with the old one", async ({ browser }) => {
    const email = `set-password-${Date.now()}@example.test`;
    expect(vmon(["users", "create", "--email", email, "--password", "the-old-password"]).code).toBe(0);
    const signInWith = async (page: Page, password: string) => {
      await page.goto("/signin");
      await page.getByLabel("E-mail").fill(email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign in" }).click();
    };
    const old = await (await browser.newContext()).newPage();
    await signInWith(old, "the-old-password");
    await expect(old).toHaveURL(/\/cards$/, SIGNIN_WAIT);

    const r = vmon(["users", "set-password", "--email", email, "--password", "the-new-password"]);
    expect(r.code, r.stderr).toBe(0);
    // The session signed in before the change is over, at the next page and at the next call.
    await old.goto("/folders");
    await expect(old).toHaveURL(/\/signin\?callbackUrl=%2Ffolders$/);
    const origin = new URL(old.url()).origin;
    const call = await old.request.post("/api/trpc/user.folders.create", {
      headers: { "content-type": "application/json", origin },
      data: JSON.stringify({ name: "after the password change" }),
    });
    expect(call.status()).toBe(401);
    await signInWith(old, "the-old-password");
    await expect(old.getByText("Wrong e-mail or password.")).toBeVisible(SIGNIN_WAIT);

    const fresh = await (await browser.newContext()).newPage();
    await signInWith(fresh, "the-new-password");
    await expect(fresh).toHaveURL(/\/cards$/, SIGNIN_WAIT);
    await fresh.goto("/folders");
    await expect(fresh.getByRole("heading", { name: "Folders", level: 1 })).toBeVisible();
  });
});

test.describe("unknown pages and missing records", () => {
  const MISSING = ["/cards/does-not-exist", "/participants/x", "/folders/999999", "/folders/abc", "/founders/x", "/anything/at/all"];

  test("answer HTTP 404 with the workspace's navigation (desktop and 390 px)", async ({ page, baseURL }) => {
    const watch = await watchPage(page, baseURL);
    // Signed out: 404 too, with the way to sign in.
    const out = await page.goto("/anything");
    expect(out!.status()).toBe(404);
    await expect(page.getByRole("link", { name: "Sign in to Venture Monitor" })).toBeVisible();

    await signIn(page);
    for (const path of MISSING) {
      const res = await page.goto(path);
      expect(res!.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "Page not found", level: 1 }), path).toBeVisible();
      await expect(page.getByRole("navigation").getByRole("link", { name: "Cards", exact: true }), path).toBeVisible();
    }
    await expectNoSeriousA11yViolation(page, "404");
    // The navigation leads back into the workspace.
    await page.getByRole("navigation").getByRole("link", { name: "Radar", exact: true }).click();
    await expect(page).toHaveURL(/\/radar$/);

    await page.setViewportSize(PHONE);
    const res = await page.goto("/cards/does-not-exist");
    expect(res!.status()).toBe(404);
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.locator("#workspace-menu").getByRole("link", { name: "Folders" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolation(page, "404 at 390 px");
    // The console's "Failed to load resource: 404" is the status asked for, nothing else.
    expect((await watch.problems()).filter((p) => !p.includes("status of 404"))).toEqual([]);
  });
});

test.describe("radar: a pasted list to its final state", () => {
  test("refused lines say why at once, the others end connected or failed without a reload; failed ones hold no quota", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const watch = await watchPage(page, baseURL);
    await signIn(page);
    await page.goto("/radar?source=network_b");
    await expect(page.getByTestId("radar-vocabulary")).toContainText("creates an application");
    const before = await quotaUsed(page, "network_b");
    expect(before).toBeGreaterThan(0);

    const good = networkBUsername(60);
    const missing = `no_such_loop_${Date.now().toString(36)}`;
    await page.getByRole("button", { name: "Paste a list" }).click();
    await page
      .getByLabel("Profiles, one per line")
      .fill([good, "https://network-a.example/in/someone", "https://elsewhere.example/someone", missing].join("\n"));
    await page.getByRole("button", { name: "Follow all" }).click();
    const lines = page.getByTestId("follow-results").locator("li");
    await expect(lines).toHaveCount(4);
    // Refused at once, with the reason: nothing was created for them.
    await expect(lines.nth(1)).toHaveAttribute("data-kind", "refused");
    await expect(lines.nth(1)).toContainText("other network");
    await expect(lines.nth(2)).toHaveAttribute("data-kind", "refused");
    await expect(lines.nth(2)).toContainText("elsewhere.example");
    await expect(lines.nth(2)).toContainText("Nothing was created.");
    // The two others are followed to their end, without a reload.
    await expect(lines.nth(0)).toHaveAttribute("data-kind", "connected", { timeout: 30_000 });
    await expect(lines.nth(0)).toContainText("Connected");
    await expect(lines.nth(3)).toHaveAttribute("data-kind", "failed", { timeout: 30_000 });
    await expect(lines.nth(3)).toContainText("Profile not found");
    // The connection takes a place; the failed application holds none.
    await expect(page.getByTestId("quota-network_b-text")).toHaveText(new RegExp(`^${before + 1} of`));
    await expectNoSeriousA11yViolation(page, "/radar follow results");

    // Retry takes a place again while it is queued, and gives it back when it fails again.
    await page.getByRole("link", { name: "Network B applications" }).click();
    const row = page.getByTestId("application-table").locator("tbody tr").filter({ hasText: missing });
    await expect(row.getByTestId("application-status")).toHaveText("failed");
    await row.getByRole("button", { name: `Retry ${missing}` }).click();
    await expect(row.getByTestId("application-error")).toContainText("attempt 2", { timeout: 30_000 });
    await expect(page.getByTestId("quota-network_b-text")).toHaveText(new RegExp(`^${before + 1} of`));

    // The same refusal over REST (bulk), item by item.
    const { token } = demoCredentials();
    const bulk = await page.request.post("/v1/radar/applications/bulk/", {
      headers: auth(token),
      data: { source: "network_b", applications: [{ network_b_url: "https://network-a.example/in/someone" }] },
    });
    expect(bulk.status()).toBe(200);
    const body = await bulk.json();
    expect(body.data.created).toEqual([]);
    expect(body.data.errors).toEqual([{ index: 0, error: "validation_error", message: expect.stringContaining("other network") }]);

    // At 390 px the results read without sideways scrolling.
    await page.goto("/radar?source=network_b");
    await page.setViewportSize(PHONE);
    await page.getByRole("button", { name: "Paste a list" }).click();
    await page.getByLabel("Profiles, one per line").fill("https://elsewhere.example/a-rather-long-profile-address-that-wraps");
    await page.getByRole("button", { name: "Follow all" }).click();
    await expect(page.getByTestId("follow-results").locator("li")).toHaveAttribute("data-kind", "refused");
    await expectNoSidewaysScroll(page);

    // Clean up: the connection made here.
    const list = await page.request.get(`/v1/radar/connections/network_b/?q=${good}`, { headers: auth(token) });
    for (const c of (await list.json()).data as { id: number }[])
      await page.request.delete(`/v1/radar/connections/network_b/${c.id}/`, { headers: auth(token) });
    expect(await watch.problems()).toEqual([]);
  });
});

test.describe("actions leave a trace", () => {
  test("an intro request shows its message, date and state after a reload", async ({ page, baseURL }) => {
    const watch = await watchPage(page, baseURL);
    const { token } = demoCredentials();
    const list = await page.request.get("/v1/cards/?limit=100", { headers: auth(token) });
    const cards = (await list.json()).data as { slug: string; open_to_intro: boolean }[];
    const slug = cards.find((c) => c.open_to_intro)!.slug;
    await signIn(page);
    await page.goto(`/cards/${slug}`);
    const withdraw = page.getByRole("button", { name: "Withdraw the request" });
    await expect(withdraw.or(page.getByRole("button", { name: "Request intro" }))).toBeVisible();
    if (await withdraw.isVisible()) {
      await withdraw.click();
      await expect(toast(page, "Intro request withdrawn.")).toBeVisible();
    }
    const message = `Could you introduce us? (${Date.now()})`;
    await page.getByLabel("Request an intro").fill(message);
    await page.getByRole("button", { name: "Request intro" }).click();
    await expect(toast(page, "Intro request sent.")).toBeVisible();
    await page.reload();
    const today = new Date().toISOString().slice(0, 10);
    await expect(page.getByTestId("intro-state")).toHaveText(`Intro requested on ${today} · waiting for the introduction`);
    await expect(page.getByTestId("intro-message")).toHaveText(`“${message}”`);
    await expectNoSeriousA11yViolation(page, "card with an intro request");
    expect(await watch.problems()).toEqual([]);
  });

  test("creating, renaming and deleting a folder confirm with a toast (desktop and 390 px)", async ({ page, baseURL }) => {
    const watch = await watchPage(page, baseURL);
    await signIn(page);
    for (const size of [null, PHONE]) {
      if (size) await page.setViewportSize(size);
      await page.goto("/folders");
      const name = `Loop folder ${Date.now()}`;
      await page.getByLabel("New folder name").fill(name);
      await page.getByRole("button", { name: "Create folder" }).click();
      await expect(toast(page, `Folder “${name}” created.`)).toBeVisible();
      const row = page.getByTestId("folder-table").locator("tbody tr").filter({ hasText: name });
      await row.getByRole("button", { name: /Rename/ }).click();
      await row.getByRole("textbox").fill(`${name} renamed`);
      await row.getByRole("button", { name: "Save" }).click();
      await expect(toast(page, `Folder renamed to “${name} renamed”.`)).toBeVisible();
      const renamed = page
        .getByTestId("folder-table")
        .locator("tbody tr")
        .filter({ hasText: `${name} renamed` });
      await renamed.getByRole("button", { name: /Delete/ }).click();
      await renamed.getByRole("button", { name: /Yes, delete/ }).click();
      await expect(toast(page, "Folder deleted.")).toBeVisible();
      await expect(renamed).toHaveCount(0);
      await expectNoSeriousA11yViolation(page, `/folders with toasts${size ? " at 390 px" : ""}`);
    }
    expect(await watch.problems()).toEqual([]);
  });
});

test.describe("settings", () => {
  test("webhook form: nothing pre-ticked, errors beside their field, a new endpoint offers Send test event, deleting confirms", async ({
    page,
    baseURL,
  }) => {
    const watch = await watchPage(page, baseURL);
    await signIn(page);
    await page.goto("/settings/webhooks");
    for (const box of await page.getByRole("form", { name: "Add an endpoint" }).getByRole("checkbox").all())
      await expect(box).not.toBeChecked();
    const url = `http://127.0.0.1:9/loop-entry-${Date.now()}`;
    await page.getByLabel("URL").fill(url);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByText("Choose at least one event to receive.")).toBeVisible();
    await expectNoSeriousA11yViolation(page, "/settings/webhooks with an error");
    await page.getByRole("checkbox", { name: /New cards match a saved filter/ }).check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(toast(page, "Endpoint added.")).toBeVisible();
    const box = page.getByTestId("webhook-secret-box");
    await expect(box).toContainText("added");
    await box.getByRole("button", { name: "Send test event" }).click();
    await expect(toast(page, /Test event sent/)).toBeVisible();
    await expect(page).toHaveURL(/\?endpoint=\d+$/);
    await expect(page.getByTestId("delivery").first()).toBeVisible();

    page.once("dialog", (d) => void d.accept());
    await page
      .getByTestId("webhook-endpoint")
      .filter({ hasText: url })
      .getByRole("button", { name: `Delete ${url}` })
      .click();
    await expect(toast(page, "Endpoint deleted.")).toBeVisible();
    await expect(page.getByTestId("webhook-endpoint").filter({ hasText: url })).toHaveCount(0);
    expect(await watch.problems()).toEqual([]);
  });

  test("tokens confirm creating and revoking; usage shows requests per token; every used token has its last use (desktop and 390 px)", async ({
    page,
    baseURL,
  }) => {
    const watch = await watchPage(page, baseURL);
    const { token } = demoCredentials();
    expect((await page.request.get("/v1/token/validate/", { headers: auth(token) })).status()).toBe(200);
    await signIn(page);

    await page.goto("/settings/tokens");
    const label = `loop-entry-${Date.now()}`;
    await page.getByLabel("Token label").fill(label);
    await page.getByRole("button", { name: "Create token" }).click();
    await expect(toast(page, /Token created/)).toBeVisible();
    const raw = ((await page.getByTestId("new-token").textContent()) ?? "").trim();
    expect(raw).toMatch(/^vm_/);
    for (let i = 0; i < 2; i++) expect((await page.request.get("/v1/token/validate/", { headers: auth(raw) })).status()).toBe(200);

    for (const size of [null, PHONE]) {
      if (size) await page.setViewportSize(size);
      await page.goto("/settings/usage");
      const rows = page.getByTestId("usage-token");
      const mine = rows.filter({ hasText: label });
      await expect(mine.getByTestId("usage-token-requests")).toHaveText("2");
      const demo = rows.filter({ hasText: "demo" }).first();
      expect(Number(((await demo.getByTestId("usage-token-requests").textContent()) ?? "").replace(/,/g, ""))).toBeGreaterThan(0);
      // Every token with requests has a last use.
      for (const row of await rows.all()) {
        const requests = Number(((await row.getByTestId("usage-token-requests").textContent()) ?? "").replace(/,/g, ""));
        if (requests > 0) await expect(row.locator("td").nth(2)).not.toHaveText("never");
      }
      await expectNoSeriousA11yViolation(page, `/settings/usage${size ? " at 390 px" : ""}`);
    }

    await page.goto("/settings/tokens");
    const tokenRow = page.getByTestId("token-table").locator("tbody tr").filter({ hasText: label });
    const headers = await page.getByTestId("token-table").locator("thead th").allTextContents();
    const lastUsed = headers.findIndex((h) => h.trim() === "Last used");
    expect(lastUsed).toBeGreaterThanOrEqual(0);
    await expect(tokenRow.locator("td").nth(lastUsed)).not.toHaveText("never");
    await tokenRow.getByRole("button", { name: /Revoke/ }).click();
    await tokenRow.getByRole("button", { name: /Yes, revoke/ }).click();
    await expect(toast(page, /Token revoked/)).toBeVisible();
    expect(await watch.problems()).toEqual([]);
  });
});
