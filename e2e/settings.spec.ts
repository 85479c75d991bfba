import { expect, test } from "@playwright/test";
import { auth, demoCredentials, expectNoSeriousA11yViolation, signIn, watchPage } from "./support";

/** The header and the account area (/settings/*) in Chromium, with the demo account. */

const SETTINGS = [
  ["API tokens", "/settings/tokens"],
  ["Usage", "/settings/usage"],
  ["Connected apps", "/settings/apps"],
  ["Webhooks", "/settings/webhooks"],
] as const;

test("the header shows the account and its plan; the settings pages share one navigation", async ({ page, baseURL }) => {
  const watch = await watchPage(page, baseURL);
  await signIn(page);
  const { email } = demoCredentials();
  await expect(page.getByTestId("account")).toContainText(email);
  await expect(page.getByTestId("account-plan")).toHaveText("paid plan");
  const workspaceNav = page.getByRole("navigation", { name: "Workspace" });
  for (const name of ["Cards", "Folders", "Saved filters", "Participants", "Founders", "Radar", "Settings"]) {
    await expect(workspaceNav.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(workspaceNav.getByRole("link", { name: "Cards", exact: true })).toHaveAttribute("aria-current", "page");

  await workspaceNav.getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/tokens$/);
  await expect(workspaceNav.getByRole("link", { name: "Settings", exact: true })).toHaveAttribute("aria-current", "page");
  const settingsNav = page.getByRole("navigation", { name: "Settings" });
  for (const [name, path] of SETTINGS) {
    await settingsNav.getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(settingsNav.getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
    await page.waitForLoadState("networkidle");
    await expectNoSeriousA11yViolation(page, path);
  }

  expect(await watch.problems()).toEqual([]);
});

test("addresses the product never published are not pages: /tokens and /profiles answer 404", async ({ page }) => {
  await signIn(page);
  for (const path of ["/tokens", "/profiles", "/profiles?stage=mvp"]) {
    const res = await page.request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(404);
  }
});

test("at 390 px the navigation folds into a menu that works", async ({ page, baseURL }) => {
  const watch = await watchPage(page, baseURL);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  const menu = page.getByRole("button", { name: "Menu" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("link", { name: "Saved filters", exact: true })).toBeHidden();
  await menu.click();
  await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByTestId("account").filter({ visible: true })).toContainText(demoCredentials().email);
  await page.waitForLoadState("networkidle");
  await expectNoSeriousA11yViolation(page, "menu open at 390 px");
  await page.getByRole("link", { name: "Saved filters", exact: true }).click();
  await expect(page).toHaveURL(/\/saved-filters$/);
  await expect(page.getByRole("heading", { name: "Saved filters", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");

  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/tokens$/);
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Usage" }).click();
  await expect(page.getByTestId("usage-chart")).toBeVisible();
  // Nothing wider than the screen but the tables' own scrolling.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.waitForLoadState("networkidle");
  await expectNoSeriousA11yViolation(page, "/settings/usage at 390 px");
  expect(await watch.problems()).toEqual([]);
});

test("a token is shown once, copied, accepted by /v1, then revoked to 401", async ({ page, context, baseURL, request }) => {
  const watch = await watchPage(page, baseURL);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page);
  await page.goto("/settings/tokens");
  const table = page.getByTestId("token-table");
  await expect(table).toHaveAttribute("aria-busy", "false");
  const label = `e2e ${Date.now()}`;
  await page.getByLabel("Token label").fill(label);
  await page.getByLabel("Expiry").selectOption("30");
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByTestId("new-token-box")).toContainText("not shown again");
  const token = (await page.getByTestId("new-token").textContent())!.trim();
  expect(token).toMatch(/^vm_/);
  await page.getByRole("button", { name: "Copy token" }).click();
  await expect(page.getByText("Copied to the clipboard.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  const row = table.locator("tbody tr", { hasText: label });
  await expect(row).toContainText("active");
  await expect(row).toContainText("never"); // not used yet
  await page.waitForLoadState("networkidle");
  await expectNoSeriousA11yViolation(page, "/settings/tokens with a new token");

  expect((await request.get("/v1/token/validate/", { headers: auth(token) })).status()).toBe(200);

  // Shown once: after a reload only its prefix is listed, and its last use appears.
  await expect(async () => {
    await page.reload();
    await expect(row.locator("td").nth(2)).not.toHaveText("never", { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  expect(await page.content()).not.toContain(token);

  await row.getByRole("button", { name: `Revoke ${label}` }).click();
  await row.getByRole("button", { name: `Yes, revoke ${label}` }).click();
  await expect(row).toContainText("revoked");
  const r = await request.get("/v1/token/validate/", { headers: auth(token) });
  expect(r.status()).toBe(401);
  expect((await r.json()).error).toBe("authentication_failed");
  expect(await watch.problems()).toEqual([]);
});

test("usage shows the plan, the chart and numbers that follow REST calls", async ({ page, baseURL, request }) => {
  const watch = await watchPage(page, baseURL);
  await signIn(page);
  await page.goto("/settings/usage");
  await expect(page.getByTestId("usage-plan")).toHaveText("paid");
  await expect(page.getByTestId("usage-limit")).toHaveText("500");
  await expect(page.getByTestId("usage-reset")).toContainText("resets at 00:00 UTC");
  const chart = page.getByTestId("usage-chart");
  await expect(chart.locator("svg .recharts-bar-rectangle").first()).toBeVisible();
  // The demo account has a month of history: the chart is not empty.
  const total = async () => Number((await page.getByTestId("usage-total").textContent())!.replace(/,/g, ""));
  const used = async () => Number((await page.getByTestId("usage-used").textContent())!.replace(/,/g, ""));
  const before = { total: await total(), used: await used(), remaining: Number(await page.getByTestId("usage-remaining").textContent()) };
  expect(before.total).toBeGreaterThan(0);
  await page.waitForLoadState("networkidle");
  await expectNoSeriousA11yViolation(page, "/settings/usage");

  const { token } = demoCredentials();
  for (let i = 0; i < 3; i++) expect((await request.get("/v1/cards/?limit=1", { headers: auth(token) })).status()).toBe(200);
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect.poll(used).toBe(before.used + 3);
  expect(await total()).toBe(before.total + 3);
  expect(Number(await page.getByTestId("usage-remaining").textContent())).toBe(before.remaining - 3);
  expect(await watch.problems()).toEqual([]);
});

test("sign out ends the session", async ({ page, baseURL }) => {
  const watch = await watchPage(page, baseURL);
  await signIn(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.goto("/settings/tokens");
  await expect(page).toHaveURL(/\/signin/);
  expect(await watch.problems()).toEqual([]);
});
