import { expect, test } from "@playwright/test";
import { signIn, watchPage } from "./support";

/** A fresh installation's demo account has a lived-in workspace (server/domain/demo/workspace.ts). */

test("the demo account opens on folders with cards, a saved filter with new cards and request history", async ({ page, baseURL }) => {
  const watch = await watchPage(page, baseURL);
  await signIn(page);

  await page.goto("/folders");
  const folders = page.getByTestId("folder-table");
  await expect(folders).toHaveAttribute("aria-busy", "false");
  for (const name of ["Seed pipeline", "Follow up this month", "Portfolio watch"]) {
    const row = folders.locator("tbody tr", { hasText: name });
    await expect(row).toHaveCount(1);
    expect(Number(await row.locator("td").nth(1).textContent())).toBeGreaterThan(0);
  }
  await folders.getByRole("link", { name: "Seed pipeline" }).click();
  await expect(page.getByTestId("card-table").locator("tbody tr")).toHaveCount(8);

  // One saved filter counts cards added since it was last marked seen, before anyone marked it here.
  await page.goto("/saved-filters");
  const filters = page.getByTestId("saved-filter-table");
  await expect(filters).toHaveAttribute("aria-busy", "false");
  const fresh = filters.locator("tbody tr", { hasText: / stage/ });
  await expect(fresh).toHaveCount(2);
  const newCounts = await fresh.evaluateAll((rows) => rows.map((r) => parseInt(r.querySelectorAll("td")[3]?.textContent ?? "0", 10)));
  expect(newCounts.filter((n) => n > 0)).toHaveLength(1); // shown as "5 new"

  // The usage chart has a month of history.
  await page.goto("/settings/usage");
  expect(Number((await page.getByTestId("usage-total").textContent())!.replace(/,/g, ""))).toBeGreaterThan(100);
  expect(await watch.problems()).toEqual([]);
});
