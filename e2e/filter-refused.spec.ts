import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolation, signIn, watchPage } from "./support";

/**
 * A saved filter the account cannot use (one that does not exist, a teammate's that is no longer
 * shared) is said once, with "Remove this filter", which keeps the rest of the view: no list
 * error beside a "Loading cards…" that never ends.
 */
for (const view of ["", "&only_new=true"]) {
  test(`a saved filter one cannot use is said once, and Remove this filter keeps the rest of the URL${view ? " (Only new)" : ""}`, async ({
    page,
    baseURL,
  }) => {
    const watch = await watchPage(page, baseURL);
    await signIn(page);
    await page.goto(`/cards?filter_id=999999${view}&sort=recent`);
    const refused = page.getByTestId("filter-refused");
    await expect(refused).toContainText("This saved filter is not available to you");
    await expect(page.getByText("Loading cards…")).toHaveCount(0);
    await expect(page.getByText("Could not load this list")).toHaveCount(0);
    await expectNoSeriousA11yViolation(page, "/cards with a saved filter one cannot use");
    await refused.getByRole("button", { name: "Remove this filter" }).click();
    await expect(page).toHaveURL(/\/cards\?sort=recent$/);
    await expect(page.getByTestId("card-table").locator("tbody tr").first()).toBeVisible();
    await expect(refused).toHaveCount(0);
    // The refused list answered 400 (or 404): the browser logs its status as a console error.
    const problems = (await watch.problems()).filter((p) => !/the server responded with a status of 40[04]/.test(p));
    expect(problems).toEqual([]);
  });
}
