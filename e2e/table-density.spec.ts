import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolation, listTable, signedInContext } from "./support";
import { createAccount } from "./team-isolation-kit";

/**
 * The card list for a day of reading: compact rows kept with the account (another browser of the
 * same account gets them too), a header that stays in view while the rows scroll, and Space to
 * preview the active row in a side panel that j/k move and Esc closes.
 */

const PASSWORD = "correct horse battery"; // the password createAccount gives (team-isolation-kit.ts)
const { rows, settled } = listTable("card-table");

const rowHeight = async (page: Page) => (await rows(page).first().boundingBox())!.height;

test("compact rows are kept with the account, the header stays in view, Space previews a card", async ({ browser, baseURL }) => {
  test.setTimeout(240_000); // two browsers of one account
  const email = `density-${Date.now()}@reader.example`;
  createAccount(email);
  const first = await signedInContext(browser, baseURL, { email, password: PASSWORD });
  const page = first.page;
  await page.goto("/cards");
  await settled(page);

  // Compact: one line per row, and shorter rows than the comfortable layout.
  const compact = page.getByRole("button", { name: "Compact rows" });
  await expect(compact).toHaveAttribute("aria-pressed", "false");
  const comfortable = await rowHeight(page);
  await compact.click();
  await expect(compact).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("card-table")).toHaveAttribute("data-density", "compact");
  const tight = await rowHeight(page);
  expect(tight).toBeLessThan(comfortable);
  expect(tight).toBeLessThanOrEqual(36);
  await expectNoSeriousA11yViolation(page, "/cards with compact rows");

  // Kept on the server: a reload and another browser of the same account show it from the start.
  await page.reload();
  await settled(page);
  await expect(page.getByTestId("card-table")).toHaveAttribute("data-density", "compact");
  const second = await signedInContext(browser, baseURL, { email, password: PASSWORD });
  await settled(second.page);
  await expect(second.page.getByTestId("card-table")).toHaveAttribute("data-density", "compact");
  await expect(second.page.getByRole("button", { name: "Compact rows" })).toHaveAttribute("aria-pressed", "true");
  await second.page.getByRole("button", { name: "Compact rows" }).click();
  await expect(second.page.getByTestId("card-table")).toHaveAttribute("data-density", "comfortable");

  // The header stays at the top of the table while its rows scroll.
  const scroller = page.getByTestId("card-table").locator("xpath=..");
  await scroller.evaluate((el) => el.scrollBy(0, 1200));
  const box = (await scroller.boundingBox())!;
  const header = (await page.getByRole("columnheader", { name: /Name/ }).boundingBox())!;
  expect(Math.abs(header.y - box.y)).toBeLessThanOrEqual(2);
  await scroller.evaluate((el) => el.scrollTo(0, 0));

  // Space previews the first row, j moves the preview to the next one, Esc closes it.
  const nameOf = async (i: number) => (await rows(page).nth(i).locator("td a").first().textContent())!.trim();
  const [name0, name1] = [await nameOf(0), await nameOf(1)];
  await page.getByRole("heading", { name: "Cards", level: 1 }).click();
  await page.keyboard.press("Space");
  const preview = page.getByRole("complementary", { name: `Preview: ${name0}` });
  await expect(preview).toBeVisible();
  await expect(preview.getByRole("heading", { name: name0 })).toBeVisible();
  await expect(preview).toContainText("Stage");
  await expect(preview.getByRole("link", { name: "Open card" })).toHaveAttribute("href", /^\/cards\//);
  await expectNoSeriousA11yViolation(page, "/cards with a card previewed");
  await page.keyboard.press("j");
  await expect(page.getByRole("complementary", { name: `Preview: ${name1}` })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("row-preview")).toHaveCount(0);
  await expect(page).toHaveURL(/\/cards$/);
  await page.keyboard.press("Space");
  await expect(page.getByRole("complementary", { name: `Preview: ${name1}` })).toBeVisible();
  await page.getByRole("link", { name: "Open card" }).click();
  await expect(page).toHaveURL(/\/cards\/[^/?]+$/);

  for (const who of [first, second]) {
    expect(await who.watch.problems()).toEqual([]);
    await who.context.close();
  }
});
