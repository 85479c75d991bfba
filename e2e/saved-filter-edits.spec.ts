import { expect, test, type Page } from "@playwright/test";
import { auth, demoCredentials, expectNoSeriousA11yViolation, listTable, signIn, watchPage } from "./support";

/**
 * Changing a saved filter's view on /cards: removing one of its values keeps the others (the view
 * leaves the saved filter, its other values kept as the view's own), and saving a changed view
 * selects the new filter, whose chip then shows, never the old one's.
 */

const { settled } = listTable("card-table");

async function saveView(page: Page, name: string): Promise<void> {
  await page.getByRole("button", { name: "Save filter" }).click();
  await page.getByLabel("Saved filter name").fill(name);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("toast")).toContainText(`Saved filter "${name}"`);
}

test("a saved filter's view: one chip removed keeps the rest; a changed view saved becomes the selected filter", async ({
  page,
  baseURL,
  request,
}) => {
  const watch = await watchPage(page, baseURL);
  const { token } = demoCredentials();
  const stage = (
    (await (await request.get("/v1/cards/stages/", { headers: auth(token) })).json()).data as { slug: string; name: string }[]
  )[0]!;
  const total = async (query: string) =>
    (await (await request.get(`/v1/cards/?limit=1&include_total=true&${query}`, { headers: auth(token) })).json()).pagination
      .total as number;
  const all = await total("");
  const stageOnly = await total(`stages=${stage.slug}`);
  const count = page.getByTestId("result-count");
  const chips = page.getByTestId("filter-chips");

  await signIn(page);
  await page.goto(`/cards?stages=${stage.slug}&min_signals=1`);
  await settled(page);
  const first = `Stage with signals ${Date.now()}`;
  await saveView(page, first);
  // Saving selects the new filter: the view is now the filter's, not the URL's own values.
  await expect(page).toHaveURL(/filter_id=\d+/);
  await expect(page).not.toHaveURL(/stages=|min_signals=/);
  await expect(chips).toContainText(`Saved filter: ${first}`);
  await expect(chips).toContainText(`Stage or round: ${stage.name}`);
  await expect(chips).toContainText("Signals at least: 1");
  const firstId = new URL(page.url()).searchParams.get("filter_id");

  // One chip removed: the stage stays, the count is the stage's, not every card's.
  await page.getByRole("button", { name: "Remove Signals at least: 1" }).click();
  await expect(page).not.toHaveURL(/filter_id=/);
  await expect(page).toHaveURL(new RegExp(`stages=${stage.slug}`));
  await settled(page);
  await expect(chips).toContainText(`Stage or round: ${stage.name}`);
  await expect(chips).not.toContainText("Saved filter:");
  await expect(count).toHaveText(`${stageOnly.toLocaleString("en")} ${stageOnly === 1 ? "card" : "cards"}`);
  expect(stageOnly).toBeLessThan(all);

  // A saved filter's view changed by adding a value, saved under a new name: the new one is shown.
  await page.goto(`/cards?filter_id=${firstId}`);
  await settled(page);
  await page.getByRole("checkbox", { name: "Trending" }).click();
  await expect(page).toHaveURL(/trending=true/);
  await expect(page).toHaveURL(new RegExp(`filter_id=${firstId}`));
  await settled(page);
  const second = `Trending at a stage ${Date.now()}`;
  await saveView(page, second);
  await expect(page).not.toHaveURL(new RegExp(`filter_id=${firstId}(&|$)`));
  await expect(page).not.toHaveURL(/trending=/);
  await expect(chips).toContainText(`Saved filter: ${second}`);
  await expect(chips).not.toContainText(first);
  await expect(chips).toContainText("Trending: yes");
  await expect(page.getByLabel("Saved filter", { exact: true })).toHaveValue(new URL(page.url()).searchParams.get("filter_id")!);
  await settled(page);
  const expected = await total(`stages=${stage.slug}&min_signals=1&trending=true`);
  await expect(count).toHaveText(`${expected.toLocaleString("en")} ${expected === 1 ? "card" : "cards"}`);
  await expectNoSeriousA11yViolation(page, "/cards with a newly saved filter");
  expect(await watch.problems()).toEqual([]);
});
