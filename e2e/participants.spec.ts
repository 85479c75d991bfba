import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolation, listTable, signIn, watchPage } from "./support";

/** /participants and /participants/<slug> on the demo data, in Chromium. */

const { table, rows, settled, column } = listTable("participant-list");

test.describe("/participants", () => {
  test("filters, sort and paging live in the URL; Back returns; a link reproduces the view", async ({ page, baseURL }) => {
    const watch = await watchPage(page, baseURL);
    await signIn(page);
    await page.getByRole("link", { name: "Participants", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Participants", level: 1 })).toBeVisible();
    await settled(page);
    await expect(page.getByTestId("page-status")).toContainText(/Page 1 of [\d,]+ · [\d,]+ results/);
    await page.waitForLoadState("networkidle");
    await expectNoSeriousA11yViolation(page, "/participants");

    // Type: only that type is listed.
    const type = page.getByRole("group", { name: "Filters" }).locator("select").first();
    const option = (await type.locator("option").nth(1).getAttribute("value"))!;
    await type.selectOption(option);
    await expect(page).toHaveURL(new RegExp(`type=${option}`));
    await settled(page);
    for (const t of await column(page, "Type")) expect(t).toBe(option.replaceAll("_", " "));

    // Most signals first by default (the column is marked), fewest first from its header.
    const signals = table(page).locator("thead th", { hasText: /^Signals \/ 30 days/ });
    await expect(signals).toHaveAttribute("aria-sort", "descending");
    const busiest = (await column(page, "Signals / 30 days")).map(Number);
    expect(busiest).toEqual([...busiest].sort((a, b) => b - a));
    await page.getByRole("button", { name: /^Signals \/ 30 days/ }).click();
    await expect(page).toHaveURL(/sort=monthly_signals(%3A|:)asc/);
    await settled(page);
    await expect(signals).toHaveAttribute("aria-sort", "ascending");
    const counts = (await column(page, "Signals / 30 days")).map(Number);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));

    // Search.
    await page.getByLabel("Search participants").fill("capital");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/search=capital/);
    await expect(table(page)).toHaveAttribute("aria-busy", "false");

    // A link reproduces the view.
    await page.goto(page.url());
    await expect(table(page)).toHaveAttribute("aria-busy", "false");
    await expect(page.getByLabel("Search participants")).toHaveValue("capital");
    await expect(type).toHaveValue(option);

    // Back undoes the search, then the sort.
    await page.goBack();
    await expect(page).not.toHaveURL(/search=/);
    await page.goBack();
    await expect(page).not.toHaveURL(/sort=/);
    await expect(page).toHaveURL(/type=/);
    await settled(page);

    // Paging, then the page size.
    await page.goto("/participants");
    await settled(page);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/offset=50/);
    await expect(page.getByTestId("page-status")).toContainText(/^Page 2 of/);
    await page.getByLabel("Per page").selectOption("20");
    await expect(page).toHaveURL(/limit=20/);
    await expect(page).not.toHaveURL(/offset=/);
    await settled(page);
    await expect(rows(page)).toHaveCount(20);
    expect(await watch.problems()).toEqual([]);
  });

  test("a participant page: details, interactions, cards; Save shows in the Saved view, Unsave removes it", async ({ page, baseURL }) => {
    const watch = await watchPage(page, baseURL);
    await signIn(page);
    await page.goto("/participants?sort=most_active");
    await settled(page);
    const link = rows(page).first().locator("a").first();
    const name = (await link.textContent())!.trim();
    await link.click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(page.getByTestId("interactions").locator("li").first()).toBeVisible();
    await expect(page.getByTestId("participant-cards").getByRole("link").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoSeriousA11yViolation(page, "/participants/<slug>");
    const participantUrl = page.url();

    // Interactions are paged in the URL.
    if (await page.getByRole("button", { name: "Next" }).isVisible()) {
      const firstId = await page.getByTestId("interactions").locator("li").first().textContent();
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page).toHaveURL(/offset=20/);
      await expect(page.getByTestId("interactions").locator("li").first()).not.toHaveText(firstId!);
      await page.goBack();
      await expect(page).not.toHaveURL(/offset=/);
    }

    // A card it touched opens the card.
    const card = page.getByTestId("participant-cards").getByRole("link").first();
    const cardName = (await card.textContent())!.trim();
    await card.click();
    await expect(page.getByRole("heading", { name: cardName, level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();

    // Save (undo a save left by an earlier run first).
    const unsave = page.getByRole("button", { name: "Saved · Unsave" });
    if (await unsave.isVisible()) {
      await unsave.click();
      await expect(page.getByRole("button", { name: "Save", exact: true })).toBeVisible();
    }
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(unsave).toHaveAttribute("aria-pressed", "true");

    await page.goto("/participants");
    await page.getByRole("navigation", { name: "Views" }).getByRole("link", { name: "Saved" }).click();
    await expect(page).toHaveURL(/saved_only=true/);
    await settled(page);
    await expect(rows(page).locator("a", { hasText: name })).toBeVisible();
    for (const s of await column(page, "Saved")) expect(s).toBe("saved");
    await page.waitForLoadState("networkidle");
    await expectNoSeriousA11yViolation(page, "/participants?saved_only=true");

    await rows(page).locator("a", { hasText: name }).click();
    await expect(page).toHaveURL(participantUrl);
    await page.getByRole("button", { name: "Saved · Unsave" }).click();
    await expect(page.getByRole("button", { name: "Save", exact: true })).toHaveAttribute("aria-pressed", "false");
    await page.goto("/participants?saved_only=true");
    await expect(table(page)).toHaveAttribute("aria-busy", "false");
    await expect(rows(page).locator("a", { hasText: name })).toHaveCount(0);

    // An unknown slug is a 404 inside the workspace.
    const missing = await page.goto("/participants/no-such-participant-here");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
    expect((await watch.problems()).filter((p) => !/status of 404/.test(p))).toEqual([]);
  });

  test("usable at 390 px", async ({ page, baseURL }) => {
    const watch = await watchPage(page, baseURL);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await page.goto("/participants");
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    await expect(page.getByLabel("Search participants")).toBeInViewport();
    await rows(page).first().locator("a").first().click();
    await expect(page.getByRole("heading", { name: "Interactions" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    await expect(page.getByRole("button", { name: /Save/ })).toBeInViewport();
    expect(await watch.problems()).toEqual([]);
  });
});
