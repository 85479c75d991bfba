import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolation, listTable, signedInContext, vmon, workspaceMutation } from "./support";

/**
 * The global search: Ctrl-K anywhere and `/` on a page with no search field of its own open one
 * dialog that finds cards (also a typo away), folders, saved filters and the filters' values by
 * name; the keyboard moves through the results and opens one; Esc closes it. Another account's
 * folder is never found.
 */
test.setTimeout(120_000);

const PASSWORD = "correct horse battery";
const stamp = Date.now();
const ANALYST = `search-analyst-${stamp}@example.test`;
const OTHER = `search-other-${stamp}@example.test`;
const FOLDER = `Quokka deals ${stamp}`;
const SECRET = `Quokka secrets ${stamp}`;
const FILTER = `Quokka watch ${stamp}`;

const { rows, settled } = listTable("card-table");

const dialog = (page: Page) => page.getByRole("dialog", { name: "Search the workspace" });
const input = (page: Page) => dialog(page).getByRole("combobox", { name: "Search by name" });
const options = (page: Page) => dialog(page).getByRole("option");

test.beforeAll(() => {
  for (const email of [ANALYST, OTHER]) {
    const r = vmon(["users", "create", "--email", email, "--password", PASSWORD]);
    expect(r.code, r.stderr).toBe(0);
  }
});

test("Ctrl-K and / open one search that finds cards, folders, saved filters and filter values by name", async ({ browser, baseURL }) => {
  const other = await signedInContext(browser, baseURL, { email: OTHER, password: PASSWORD });
  await workspaceMutation(other.page, "user.folders.create", { name: SECRET });
  await other.context.close();

  const { context, page, watch } = await signedInContext(browser, baseURL, { email: ANALYST, password: PASSWORD });
  const folder = (await workspaceMutation(page, "user.folders.create", { name: FOLDER })) as { id: number };
  await workspaceMutation(page, "user.filters.create", { name: FILTER, params: { stages: ["seed"] } });

  // A card's name from the list, to look for.
  await page.goto("/cards");
  await settled(page);
  const name = (await rows(page).first().locator("td:nth-child(2) a").textContent())!.trim();

  // On /cards `/` is the list's own search; Ctrl-K is the global one.
  await page.keyboard.press("/");
  await expect(page.getByRole("searchbox", { name: "Search cards" })).toBeFocused();
  await page.keyboard.press("Escape");
  await page.keyboard.press("Control+k");
  await expect(dialog(page)).toBeVisible();
  await expect(input(page)).toBeFocused();

  // A card by the start of its name (all but its last letter): Enter opens it.
  await input(page).fill(name.slice(0, -1));
  const names = options(page).getByTestId("result-name");
  await expect(names.filter({ hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) }).first()).toBeVisible();
  await expectNoSeriousA11yViolation(page, "global search with results");
  const position = (await names.allTextContents()).findIndex((t) => t.trim() === name);
  for (let i = 0; i < position; i++) await input(page).press("ArrowDown");
  await expect(options(page).nth(position)).toHaveAttribute("aria-selected", "true");
  await input(page).press("Enter");
  // The card of that name (the demo data may hold two of one name: either is right).
  await expect(page).toHaveURL(/\/cards\/[^/?]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(dialog(page)).toBeHidden();

  // `/` on a page with no search field of its own; the folder by a word of its name, then Esc.
  await page.goto("/folders");
  await page.locator("body").press("/");
  await expect(input(page)).toBeFocused();
  await input(page).fill("quokka");
  await expect(options(page).filter({ hasText: FOLDER })).toHaveCount(1);
  await expect(options(page).filter({ hasText: FILTER })).toHaveCount(1);
  await expect(options(page).filter({ hasText: SECRET })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();

  // A typo still finds it; a click opens the folder.
  await page.getByTestId("global-search-open").click();
  await input(page).fill("quoka deals");
  await options(page).filter({ hasText: FOLDER }).click();
  await expect(page).toHaveURL(new RegExp(`/folders/${folder.id}$`));

  // A saved filter opens the card list on it; a stage opens the list filtered by it.
  await page.keyboard.press("Control+k");
  await input(page).fill(FILTER);
  await options(page).filter({ hasText: FILTER }).click();
  await expect(page).toHaveURL(/\/cards\?filter_id=\d+$/);
  await settled(page);
  await page.keyboard.press("Control+k");
  await input(page).fill("idea");
  const stage = options(page).filter({ hasText: /^Stage\s*Idea/ });
  await expect(stage).toHaveCount(1);
  await stage.click();
  await expect(page).toHaveURL(/\/cards\?stages=idea$/);
  await settled(page);
  await expect(page.getByTestId("filter-chips")).toContainText("Idea");

  // Nothing by that name.
  await page.keyboard.press("Control+k");
  await input(page).fill(`zzqx${stamp}`);
  await expect(dialog(page).getByRole("status")).toHaveText(`Nothing is named like “zzqx${stamp}”.`);
  await page.keyboard.press("Escape");
  expect(await watch.problems()).toEqual([]);
  await context.close();
});

test("the search is in reach at 390 px", async ({ browser, baseURL }) => {
  const { context, page, watch } = await signedInContext(browser, baseURL, { email: ANALYST, password: PASSWORD });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/radar");
  await page.getByTestId("global-search-open").click();
  await expect(input(page)).toBeFocused();
  const box = (await dialog(page).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolation(page, "global search at 390 px");
  expect(await watch.problems()).toEqual([]);
  await context.close();
});
