import { expect, test } from "@playwright/test";
import { auth, demoCredentials, expectNoSeriousA11yViolation, listTable, signIn, watchPage } from "./support";

/**
 * The bar chart above /cards: the cards of the current filters counted by stage (by default),
 * round, category, country or month, with the same figures as GET /v1/cards/aggregate/ and a
 * total that is the list's; the grouping is kept across visits, and Hidden hides it.
 */

const { settled } = listTable("card-table");

/** The chart's figures, read from its table for screen readers. */
async function figures(page: import("@playwright/test").Page): Promise<[string, number][]> {
  const rows = page.getByTestId("card-breakdown-chart").locator("table tr");
  return (
    await rows.evaluateAll((trs) => trs.map((tr) => [tr.querySelector("th")?.textContent ?? "", tr.querySelector("td")?.textContent ?? ""]))
  ).map(([label, value]) => [label!, Number(value)]);
}

test("the breakdown counts the list's cards by stage, follows the filters and keeps its grouping", async ({ page, baseURL, request }) => {
  const watch = await watchPage(page, baseURL);
  const { token } = demoCredentials();
  const aggregate = async (query: string) =>
    (
      (await (await request.get(`/v1/cards/aggregate/?limit=24&${query}`, { headers: auth(token) })).json()).data as {
        name: string;
        count: number;
      }[]
    ).map((g) => [g.name, g.count] as [string, number]);

  await signIn(page);
  await page.goto("/cards");
  await settled(page);
  const breakdown = page.getByRole("region", { name: "Breakdown of these cards" });
  await expect(breakdown.getByLabel("Count by")).toHaveValue("stage");
  await expect.poll(() => figures(page)).toEqual(await aggregate("group_by=stage"));
  await expectNoSeriousA11yViolation(page, "/cards with the breakdown");

  // A filter narrows the chart as it narrows the table: the bars add up to the count above it.
  await page.goto("/cards?categories=fintech");
  await settled(page);
  const fintech = await aggregate("group_by=stage&categories=fintech");
  await expect.poll(() => figures(page)).toEqual(fintech);
  const total = fintech.reduce((sum, [, n]) => sum + n, 0);
  await expect(page.getByTestId("result-count")).toHaveText(`${total.toLocaleString("en")} cards`);

  // Another grouping, kept on the next visit; Hidden hides the chart.
  await breakdown.getByLabel("Count by").selectOption("country");
  await expect.poll(() => figures(page)).toEqual(await aggregate("group_by=country&categories=fintech"));
  await page.reload();
  await expect(page.getByLabel("Count by")).toHaveValue("country");
  await page.getByLabel("Count by").selectOption("off");
  await expect(page.getByTestId("card-breakdown-chart")).toHaveCount(0);
  await page.getByLabel("Count by").selectOption("stage");
  await expect(page.getByTestId("card-breakdown-chart")).toBeVisible();
  expect(await watch.problems()).toEqual([]);
});
