import { expect, test } from "@playwright/test";
import { auth, demoCredentials, expectNoSeriousA11yViolation, listTable, signIn, watchPage } from "./support";

/** Folders and saved filters in Chromium, on the demo data. */

const { rows: cardRows, settled } = listTable("card-table");

test("folders: create, fill from /cards, open, remove a card, rename, delete", async ({ page, baseURL }) => {
  const watch = await watchPage(page, baseURL);
  await signIn(page);
  await page.getByRole("link", { name: "Folders", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Folders", level: 1 })).toBeVisible();
  await expect(page.getByTestId("folder-table")).toHaveAttribute("aria-busy", "false");
  const name = `Watchlist ${Date.now()}`;
  await page.getByLabel("New folder name").fill(name);
  await page.getByRole("button", { name: "Create folder" }).click();
  const row = page.getByTestId("folder-table").locator("tbody tr", { hasText: name });
  await expect(row.locator("td").nth(1)).toHaveText("0");
  await page.waitForLoadState("networkidle");
  await expectNoSeriousA11yViolation(page, "/folders");

  // Two cards from /cards into it.
  await page.goto("/cards");
  await settled(page);
  const picked: string[] = [];
  for (const i of [0, 1]) {
    await cardRows(page).nth(i).getByRole("checkbox").check();
    picked.push((await cardRows(page).nth(i).locator("a").first().textContent())!);
  }
  await page.getByLabel(/Add 2 selected to/).selectOption({ label: name });
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(`Added to ${name} (2 cards).`);

  // The folder page shows them in the same table.
  await page.goto("/folders");
  await expect(row.locator("td").nth(1)).toHaveText("2");
  await row.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await settled(page);
  expect((await cardRows(page).locator("td:nth-child(2) a").allTextContents()).sort()).toEqual([...picked].sort());
  await page.waitForLoadState("networkidle");
  await expectNoSeriousA11yViolation(page, "/folders/<id>");
  await cardRows(page).first().getByRole("checkbox").check();
  await page.getByRole("button", { name: "Remove 1 from this folder" }).click();
  await expect(cardRows(page)).toHaveCount(1);

  // Rename, then delete.
  await page.getByRole("link", { name: "← Folders" }).click();
  await row.getByRole("button", { name: `Rename ${name}` }).click();
  await page.getByLabel(`New name for ${name}`).fill(`${name} (renamed)`);
  await page.getByRole("button", { name: "Save" }).click();
  const renamed = page.getByTestId("folder-table").locator("tbody tr", { hasText: `${name} (renamed)` });
  await expect(renamed.locator("td").nth(1)).toHaveText("1");
  await renamed.getByRole("button", { name: `Delete ${name} (renamed)` }).click();
  await renamed.getByRole("button", { name: /Yes, delete/ }).click();
  await expect(page.getByTestId("folder-table").locator("tbody tr", { hasText: name })).toHaveCount(0);
  expect(await watch.problems()).toEqual([]);
});

test("saved filters: save the /cards filter, see its counts, open, rename, delete", async ({ page, baseURL, request }) => {
  const watch = await watchPage(page, baseURL);
  const { token } = demoCredentials();
  await signIn(page);
  await page.goto("/cards?trending=true&sort=name:asc");
  await settled(page);
  const name = `Trending ${Date.now()}`;
  await page.getByRole("button", { name: "Save filter" }).click();
  await page.getByLabel("Saved filter name").fill(name);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("button", { name: "Save filter" })).toBeVisible();

  await page.getByRole("link", { name: "Saved filters", exact: true }).click();
  const row = page.getByTestId("saved-filter-table").locator("tbody tr", { hasText: name });
  const total = (await (await request.get("/v1/cards/?trending=true&include_total=true&limit=1", { headers: auth(token) })).json())
    .pagination.total;
  await expect(row.locator("td").nth(1)).toHaveText(/trending/);
  await expect(row.locator("td").nth(2)).toHaveText(total.toLocaleString("en"));
  await expect(row.locator("td").nth(3)).toHaveText("0");
  await expect(row.locator("td").nth(4)).toHaveText("never");
  await page.waitForLoadState("networkidle");
  await expectNoSeriousA11yViolation(page, "/saved-filters");
  // The REST reference data lists the same object.
  const rest = await (await request.get("/v1/cards/filters/", { headers: auth(token) })).json();
  expect(rest.data.find((f: { name: string }) => f.name === name).params).toEqual({ trending: true, sort: "name:asc" });

  // Opening (a link) shows /cards with the filter selected and its values in effect; it marks nothing seen.
  await row.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/cards\?filter_id=\d+$/);
  await settled(page);
  await expect(page.getByRole("checkbox", { name: "Trending" })).toBeChecked();
  await page.goBack();
  await expect(row.locator("td").nth(4)).toHaveText("never");

  await row.getByRole("button", { name: `Rename ${name}` }).click();
  await page.getByLabel(`New name for ${name}`).fill(`${name} b`);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const renamed = page.getByTestId("saved-filter-table").locator("tbody tr", { hasText: `${name} b` });
  await expect(renamed).toHaveCount(1);
  await renamed.getByRole("button", { name: `Delete ${name} b` }).click();
  await renamed.getByRole("button", { name: /Yes, delete/ }).click();
  await expect(page.getByTestId("saved-filter-table").locator("tbody tr", { hasText: name })).toHaveCount(0);
  expect(await watch.problems()).toEqual([]);
});
