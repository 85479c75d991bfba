import { expect, test, type Page } from "@playwright/test";
import { auth, demoCredentials, expectNoSeriousA11yViolation, listTable, SIGNIN_WAIT, signIn, vmon, watchPage } from "./support";

/** /founders: raw profiles, a profile, collections and the access rules, on the demo data in Chromium. */

const { table, rows, settled, column } = listTable("profile-table");

/** A new browser account made with the command line (`extra` runs `vmon tokens create` on it), signed in at `path`. */
async function signInAsNew(page: Page, tag: string, path: string, extra: string[] = []) {
  const email = `${tag}-${Date.now()}@example.com`;
  const password = "correct horse battery staple";
  const made = vmon(["users", "create", "--email", email, "--password", password]);
  expect(made.code, made.stderr).toBe(0);
  if (extra.length) {
    const r = vmon(["tokens", "create", "--email", email, ...extra]);
    expect(r.code, r.stderr).toBe(0);
  }
  await page.goto(`/signin?callbackUrl=${encodeURIComponent(path)}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replaceAll("/", "\\/")}$`), SIGNIN_WAIT);
  return email;
}

test.describe("/founders with the permission (demo account)", () => {
  test("filters, sort and paging live in the URL; Back returns; a link reproduces the view", async ({ page, baseURL }) => {
    const watch = await watchPage(page, baseURL);
    await signIn(page);
    await page.goto("/founders");
    await expect(page).toHaveURL(/\/founders$/);
    await expect(page.getByRole("heading", { name: "Founders", level: 1 })).toBeVisible();
    await settled(page);
    await expect(page.getByTestId("page-status")).toContainText(/Page 1 of [\d,]+ · [\d,]+ results/);
    await expect(page.getByTestId("collections").getByRole("link", { name: "European founders" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoSeriousA11yViolation(page, "/founders");

    // Classification: only that classification is listed.
    await page.locator("summary", { hasText: /^Classification/ }).click();
    await page.locator("details[open] label", { hasText: "Strong potential founder" }).locator("input").click();
    await expect(page).toHaveURL(/classification=strong_potential_founder/);
    await settled(page);
    for (const c of await column(page, "Classification")) expect(c).toBe("strong potential founder");
    // Esc closes the panel.
    await page.keyboard.press("Escape");
    await expect(page.locator("details[open]")).toHaveCount(0);

    // Sort by name (header: a first click sorts A to Z), then search with a word of the first name.
    await page.getByRole("button", { name: /^Name/ }).click();
    await expect(page).toHaveURL(/sort=name(%3A|:)asc/);
    await settled(page);
    const first = (await rows(page).first().locator("a").first().textContent())!.trim();
    const word = first.split(" ")[0]!;
    await page.getByLabel("Search founders").fill(word);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(word)}`));
    await settled(page);
    await expect(rows(page).locator("a", { hasText: first }).first()).toBeVisible();

    // A link reproduces the view.
    await page.goto(page.url());
    await settled(page);
    await expect(page.locator("summary", { hasText: /^Classification \(1\)$/ })).toBeVisible();
    await expect(page.getByLabel("Search founders")).toHaveValue(word);

    // Back undoes the search, then the sort.
    await page.goBack();
    await expect(page).not.toHaveURL(/search=/);
    await page.goBack();
    await expect(page).not.toHaveURL(/sort=/);
    await expect(page).toHaveURL(/classification=/);
    await settled(page);

    // Next page.
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/offset=50/);
    await expect(page.getByTestId("page-status")).toContainText(/^Page 2 of/);
    expect(await watch.problems()).toEqual([]);
  });

  test("a profile page shows what the API returns and its linked card", async ({ page, baseURL, request }) => {
    const { token } = demoCredentials();
    // A demo card with a founder profile, found through the REST API.
    const list = (await (await request.get("/v1/cards/?limit=40", { headers: auth(token) })).json()).data as { slug: string }[];
    let linked: { slug: string; name: string; profile: number } | undefined;
    for (const c of list) {
      const d = (await (await request.get(`/v1/cards/${c.slug}/`, { headers: auth(token) })).json()).data;
      if (d.network_a_profile) {
        linked = { slug: c.slug, name: d.name, profile: d.network_a_profile.id };
        break;
      }
    }
    expect(linked, "a demo card with a founder profile").toBeDefined();
    const profile = (await (await request.get(`/v1/network_a/profiles/${linked!.profile}/`, { headers: auth(token) })).json()).data;

    const watch = await watchPage(page, baseURL);
    await signIn(page);
    await page.goto(`/founders/${linked!.profile}`);
    await expect(page.getByRole("heading", { name: profile.name, level: 1 })).toBeVisible();
    for (const h of ["Experience", "Education", "Linked card"]) await expect(page.getByRole("heading", { name: h })).toBeVisible();
    if (profile.experience.length) await expect(page.getByTestId("experience").locator("li")).toHaveCount(profile.experience.length);
    if (profile.education.length) await expect(page.getByTestId("education").locator("li")).toHaveCount(profile.education.length);
    await page.getByTestId("linked-cards").getByRole("link", { name: linked!.name }).click();
    await expect(page).toHaveURL(new RegExp(`/cards/${linked!.slug}$`));
    await page.goBack();
    await expect(page.getByRole("heading", { name: profile.name, level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoSeriousA11yViolation(page, "/founders/<id>");

    // From the table: a row opens its profile.
    await page.goto("/founders");
    await settled(page);
    const name = (await rows(page).first().locator("a").first().textContent())!.trim();
    await rows(page).first().locator("a").first().click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();

    // An unknown id is a 404 inside the workspace.
    const missing = await page.goto("/founders/999999999");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
    expect((await watch.problems()).filter((p) => !/status of 404/.test(p))).toEqual([]);
  });

  test("a collection's page lists its profiles in the same table, with the filters", async ({ page, baseURL }) => {
    const watch = await watchPage(page, baseURL);
    await signIn(page);
    await page.goto("/founders");
    await page.getByTestId("collections").getByRole("link", { name: "European founders" }).click();
    await expect(page).toHaveURL(/\/founders\/collections\/european_founders$/);
    await expect(page.getByRole("heading", { name: "European founders", level: 1 })).toBeVisible();
    await settled(page);
    await page.waitForLoadState("networkidle");
    await expectNoSeriousA11yViolation(page, "/founders/collections/<slug>");
    // An unknown collection says so.
    await page.goto("/founders/collections/no-such-collection");
    await expect(page.getByRole("heading", { name: "Collection not found" })).toBeVisible();
    await page.goBack();
    await settled(page);

    await page.locator("summary", { hasText: /^Path/ }).click();
    await page.locator("details[open] label", { hasText: "Declared founder" }).locator("input").click();
    await expect(page).toHaveURL(/\/founders\/collections\/european_founders\?path=declared_founder$/);
    await expect(table(page)).toHaveAttribute("aria-busy", "false");
    for (const p of await column(page, "Path")) expect(p).toBe("declared founder");
    await page.goBack();
    await expect(page).toHaveURL(/european_founders$/);
    expect(await watch.problems()).toEqual([]);
  });

  test("usable at 390 px", async ({ page, baseURL }) => {
    const watch = await watchPage(page, baseURL);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await page.goto("/founders");
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    await expect(page.getByLabel("Search founders")).toBeInViewport();
    await page.locator("summary", { hasText: /^Classification/ }).click();
    await expect(page.locator("details[open] > div")).toBeInViewport({ ratio: 1 });
    await page.locator("summary", { hasText: /^Classification/ }).click();
    await rows(page).first().locator("a").first().click();
    await expect(page.getByRole("heading", { name: "Experience" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    expect(await watch.problems()).toEqual([]);
  });
});

test.describe("/founders for other accounts", () => {
  test("without the permission: a page that says how to get access, never an error", async ({ page, baseURL }) => {
    const watch = await watchPage(page, baseURL);
    const email = await signInAsNew(page, "no-raw", "/founders");
    const box = page.getByTestId("no-raw-access");
    await expect(box).toContainText("has no access to founder profiles");
    await expect(box).toContainText(`vmon tokens create --email ${email} --grant network_a_profiles`);
    await page.waitForLoadState("networkidle");
    await expectNoSeriousA11yViolation(page, "/founders without the permission");
    await page.goto("/founders/collections/european_founders");
    await expect(page.getByTestId("no-raw-access")).toBeVisible();
    await page.goto("/founders/1");
    await expect(page.getByTestId("no-raw-access")).toBeVisible();
    expect(await watch.problems()).toEqual([]);
  });

  test("a collections-only account sees its collections only", async ({ page, baseURL }) => {
    const watch = await watchPage(page, baseURL);
    await signInAsNew(page, "coll-only", "/founders", ["--scope", "collections_only", "--collections", "fintech_operators_private"]);
    const collections = page.getByTestId("collections");
    await expect(collections.getByRole("link", { name: "Fintech operators (private)" })).toBeVisible();
    await expect(collections.getByRole("link", { name: "European founders" })).toBeVisible();
    await expect(page.getByTestId("profile-table")).toHaveCount(0);
    await expect(page.getByText(/reads founder profiles through its collections/)).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoSeriousA11yViolation(page, "/founders, collections only");

    await collections.getByRole("link", { name: "Fintech operators (private)" }).click();
    await expect(page.getByRole("heading", { name: "Fintech operators (private)", level: 1 })).toBeVisible();
    await settled(page);
    const name = (await rows(page).first().locator("a").first().textContent())!.trim();
    await rows(page).first().locator("a").first().click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    // Read through a collection: no status.
    await expect(page.getByText("Status", { exact: true })).toHaveCount(0);
    await expect(page.getByTestId("linked-cards")).toContainText("No card is linked");
    expect(await watch.problems()).toEqual([]);
  });
});
