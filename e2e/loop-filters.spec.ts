import { expect, test, type Page } from "@playwright/test";
import { auth, demoCredentials, expectNoSeriousA11yViolation, listTable, signIn, watchPage } from "./support";

/**
 * The analyst's daily loop on /cards and /saved-filters (issue: saved filters keep "what's new",
 * rolling date windows, the filter bar), in Chromium on the demo data.
 */

const { rows: cardRows, settled } = listTable("card-table");
const DAY = 86_400_000;
const dayBefore = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);

async function savedFiltersSettled(page: Page) {
  await expect(page.getByTestId("saved-filter-table")).toHaveAttribute("aria-busy", "false");
}

test("a saved filter with new cards: open it, see them marked, only new, Mark seen", async ({ page, baseURL }) => {
  test.setTimeout(150_000); // two tabs, ten list loads and a walk through the new cards
  const watch = await watchPage(page, baseURL);
  await signIn(page);
  await page.goto("/saved-filters");
  await savedFiltersSettled(page);
  // The demo's filter on the largest stage has cards added since it was last marked seen.
  const row = page.getByTestId("saved-filter-table").locator("tbody tr", { has: page.locator("td", { hasText: /^\d+ new$/ }) });
  await expect(row).toHaveCount(1);
  const fresh = parseInt((await row.locator("td").nth(3).textContent())!, 10);
  expect(fresh).toBeGreaterThan(0);
  const link = row.locator("td").first().getByRole("link");
  const name = (await link.textContent())!;
  const href = (await link.getAttribute("href"))!;
  expect(href).toMatch(/^\/cards\?filter_id=\d+$/);
  const id = href.split("=")[1]!;

  // The name is a real link: it opens in a new tab as it does here.
  const tab = await page.context().newPage();
  await tab.goto(href);
  await expect(tab.getByLabel("Saved filter", { exact: true })).toHaveValue(id);
  await tab.close();

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/cards\\?filter_id=${id}$`));
  await settled(page);
  await expect(page.getByLabel("Saved filter", { exact: true })).toHaveValue(id);
  await expect(page.getByTestId("new-count")).toHaveText(`${fresh} new`);
  await expect(page.getByTestId("filter-chips")).toContainText(`Saved filter: ${name}`);
  await expect(page.getByTestId("filter-chips")).toContainText("Stage or round:");

  // Newest first: the new cards are the first rows, each marked.
  await page.getByLabel("Sort by").selectOption({ label: "Recently added" });
  await expect(page).toHaveURL(/sort=recent/);
  await settled(page);
  await expect(cardRows(page).getByTestId("new-mark")).toHaveCount(fresh);
  for (let i = 0; i < fresh; i++) await expect(cardRows(page).nth(i).getByTestId("new-mark")).toHaveText("New");
  await expect(cardRows(page).nth(fresh).getByTestId("new-mark")).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  await expectNoSeriousA11yViolation(page, "/cards with a saved filter");

  // Only new narrows the list to them.
  await page.getByLabel("Only new").click();
  await expect(page).toHaveURL(/only_new=true/);
  await expect(page.getByTestId("result-count")).toHaveText(`${fresh} ${fresh === 1 ? "card" : "cards"} new since last seen`);
  await settled(page);
  await expect(cardRows(page)).toHaveCount(fresh);
  await expect(cardRows(page).getByTestId("new-mark")).toHaveCount(fresh);

  // A card opened from Only new walks that list with [ and ], across its pages (one card a page here).
  await page.goto(`/cards?filter_id=${id}&only_new=true&sort=recent&limit=1`);
  await settled(page);
  await cardRows(page).nth(0).locator("td:nth-child(2) a").click();
  const trail = page.getByTestId("card-trail");
  await expect(trail).toContainText(`1 of ${fresh}`);
  if (fresh > 1) {
    const first = new URL(page.url()).pathname;
    await expect(trail.getByRole("link", { name: "Next →" })).toBeVisible();
    await page.keyboard.press("]");
    await expect(trail).toContainText(`2 of ${fresh}`);
    expect(new URL(page.url()).pathname).not.toBe(first);
  }

  // Opening marked nothing seen: the count is still there.
  await page.getByRole("link", { name: "Saved filters", exact: true }).click();
  await savedFiltersSettled(page);
  await expect(row.locator("td").nth(3)).toHaveText(`${fresh} new`);
  await expect(row.locator("td").nth(4)).not.toHaveText(new Date().toISOString().slice(0, 10));

  // Seeing them is explicit.
  await row.getByRole("link", { name, exact: true }).click();
  await settled(page);
  await page.getByRole("button", { name: "Mark seen" }).click();
  await expect(page.getByTestId("toast")).toContainText("as seen");
  await expect(page.getByTestId("new-count")).toHaveText("0 new");
  await expect(page.getByRole("button", { name: "Mark seen" })).toBeDisabled();
  await expect(cardRows(page).getByTestId("new-mark")).toHaveCount(0);
  await page.getByRole("link", { name: "Saved filters", exact: true }).click();
  await savedFiltersSettled(page);
  await expect(page.getByTestId("saved-filter-table").locator("tbody tr", { hasText: name }).locator("td").nth(3)).toHaveText("0");
  expect(await watch.problems()).toEqual([]);
});

test("a rolling-window filter is saved as a window and resolves relative to today over REST", async ({ page, baseURL, request }) => {
  const watch = await watchPage(page, baseURL);
  const { token } = demoCredentials();
  await signIn(page);
  await settled(page);

  await page.locator("summary", { hasText: /^Last signal/ }).click();
  await page.getByRole("radio", { name: "Last 30 days" }).click();
  await expect(page).toHaveURL(/last_interaction_within_days=30/);
  await expect(page.getByTestId("filter-chips")).toContainText("Last signal: last 30 days");
  await page.keyboard.press("Escape");

  await page.locator("summary", { hasText: /^Added/ }).click();
  await page.getByLabel("Added: last N days").fill("400");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/created_within_days=400/);
  await expect(page.getByTestId("filter-chips")).toContainText("Added: last 400 days");
  await page.keyboard.press("Escape");
  await settled(page);

  const name = `Active lately ${Date.now()}`;
  await page.getByRole("button", { name: "Save filter" }).click();
  await page.getByLabel("Saved filter name").fill(name);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("toast")).toContainText(`Saved filter "${name}"`);

  const filters = await (await request.get("/v1/cards/filters/", { headers: auth(token) })).json();
  const saved = filters.data.find((f: { name: string }) => f.name === name);
  expect(saved.params).toEqual({ last_interaction_within_days: 30, created_within_days: 400 });

  const get = async (query: string) => {
    const r = await request.get(`/v1/cards/?limit=100&${query}`, { headers: auth(token) });
    expect(r.status()).toBe(200);
    return r.json();
  };
  const viaFilter = await get(`filter_id=${saved.id}`);
  const byDates = await get(`last_interaction_after=${dayBefore(30)}&created_after=${dayBefore(400)}`);
  expect(viaFilter.pagination.total).toBe(byDates.pagination.total);
  expect(viaFilter.data.map((c: { slug: string }) => c.slug)).toEqual(byDates.data.map((c: { slug: string }) => c.slug));
  expect(viaFilter.pagination.total).toBeGreaterThan(0);
  // A window out of range is the spec's 400.
  const bad = await request.get("/v1/cards/?last_interaction_within_days=0", { headers: auth(token) });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ error: "validation_error", message: expect.stringContaining("last_interaction_within_days") });
  expect(await watch.problems()).toEqual([]);
});

test("filter bar: chips with values, remove one, Clear all; panels close on Esc and outside and never stack", async ({
  page,
  baseURL,
  request,
}) => {
  const watch = await watchPage(page, baseURL);
  const { token } = demoCredentials();
  const stages = (await (await request.get("/v1/cards/stages/", { headers: auth(token) })).json()).data as { slug: string; name: string }[];
  await signIn(page);
  await page.goto(`/cards?stages=${stages[0]!.slug},${stages[1]!.slug}&trending=true&min_signals=1`);
  await settled(page);
  const chips = page.getByTestId("filter-chips");
  await expect(chips).toContainText(`Stage or round: ${stages[0]!.name} or ${stages[1]!.name}`);
  await expect(chips).toContainText("Trending: yes");
  await expect(chips).toContainText("Signals at least: 1");
  // The count sits above the table.
  const count = page.getByTestId("result-count");
  await expect(count).toHaveText(/^[\d,]+ cards?$/);
  expect((await count.boundingBox())!.y).toBeLessThan((await page.getByTestId("card-table").boundingBox())!.y);
  await expectNoSeriousA11yViolation(page, "/cards with chips");

  await page.getByRole("button", { name: "Remove Trending: yes" }).click();
  await expect(page).not.toHaveURL(/trending/);
  await expect(page.getByRole("checkbox", { name: "Trending" })).not.toBeChecked();
  await expect(chips).not.toContainText("Trending");
  await expect(chips).toContainText("Stage or round:");

  await page.getByRole("button", { name: "Clear all" }).click();
  await expect(page).toHaveURL(/\/cards$/);
  await expect(chips).toHaveCount(0);
  await settled(page);

  const panel = (label: string) =>
    page.locator("details[data-popover]", { has: page.locator("summary", { hasText: new RegExp(`^${label}`) }) });
  await panel("Stage or round").locator("summary").click();
  await expect(panel("Stage or round")).toHaveAttribute("open", "");
  await panel("Locations").locator("summary").click();
  await expect(panel("Locations")).toHaveAttribute("open", "");
  await expect(panel("Stage or round")).not.toHaveAttribute("open");
  await page.keyboard.press("Escape");
  await expect(panel("Locations")).not.toHaveAttribute("open");
  await expect(panel("Locations").locator("summary")).toBeFocused();
  await expect(page).toHaveURL(/\/cards$/);

  await panel("Categories").locator("summary").click();
  await expect(panel("Categories")).toHaveAttribute("open", "");
  await page.getByRole("heading", { name: "Cards", level: 1 }).click();
  await expect(panel("Categories")).not.toHaveAttribute("open");
  expect(await watch.problems()).toEqual([]);
});

test("sort options say what they sort by; semantic search sorts by similarity with a labelled slider", async ({ page, baseURL }) => {
  const watch = await watchPage(page, baseURL);
  await signIn(page);
  await settled(page);
  const sort = page.getByLabel("Sort by");
  await expect(sort.locator("option")).toHaveText([
    "Latest signal first",
    "Trending: most signals",
    "Recently added",
    "Most recent activity",
    "Name A–Z",
  ]);

  await page.getByLabel("Search cards").fill("wallet");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/search=wallet/);
  await page.getByLabel("Semantic").click();
  await expect(page).toHaveURL(/semantic=true/);
  await expect(page.getByTestId("sort-similarity")).toHaveText("Sorted by similarity to your search");
  await expect(page.getByLabel("Sort by")).toHaveCount(0);
  const slider = page.getByRole("slider", { name: "Minimum similarity" });
  await expect(slider).toHaveValue("0.3");
  await expect(page.getByTestId("similarity-value")).toHaveText("0.30");
  await expect(page.getByText("Cards less similar than this to your search are left out.")).toBeVisible();
  // Every card with a vector passes a similarity of 0: the list is the top 100, a cap, and says so.
  await slider.fill("0");
  await expect(page).toHaveURL(/min_similarity=0(&|$)/);
  await settled(page);
  const api = await page.request.get("/v1/cards/?search=wallet&semantic=true&min_similarity=0&limit=1", {
    headers: auth(demoCredentials().token),
  });
  const total = ((await api.json()) as { pagination: { total: number } }).pagination.total;
  await expect(page.getByTestId("result-count")).toHaveText(
    total >= 100 ? "Top 100 cards by similarity" : `${total} ${total === 1 ? "card" : "cards"}`,
  );
  await slider.fill("0.5");
  await expect(page.getByTestId("similarity-value")).toHaveText("0.50");
  await expect(page).toHaveURL(/min_similarity=0.5/);
  // Checked once the new rows are in (a busy table is dimmed while it loads).
  await settled(page);
  await page.waitForLoadState("networkidle");
  await expectNoSeriousA11yViolation(page, "/cards in semantic mode");
  expect(await watch.problems()).toEqual([]);
});

test("at 390 px the filters sit behind a Filters button with the active count", async ({ page, baseURL }) => {
  const watch = await watchPage(page, baseURL);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto("/cards?trending=true&featured=false&last_interaction_within_days=90");
  await settled(page);
  const button = page.getByRole("button", { name: /^Filters/ });
  await expect(button).toHaveText("Filters (3)");
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(page.locator("summary", { hasText: /^Stage or round/ })).toBeHidden();
  await expect(page.getByTestId("filter-chips")).toContainText("Last signal: last 90 days");
  await expectNoSeriousA11yViolation(page, "/cards at 390 px");
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(page.locator("summary", { hasText: /^Stage or round/ })).toBeVisible();
  await page.locator("summary", { hasText: /^Stage or round/ }).click();
  await page.keyboard.press("Escape");
  await expect(page.locator("details[data-popover][open]")).toHaveCount(0);
  // No sideways scroll from the filter bar.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await button.click();
  await expect(page.locator("summary", { hasText: /^Stage or round/ })).toBeHidden();
  expect(await watch.problems()).toEqual([]);
});
