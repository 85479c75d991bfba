import { expect, test } from "@playwright/test";
import { auth, demoCredentials, expectNoSeriousA11yViolation, listTable, signIn, watchPage } from "./support";

/**
 * Stages and rounds combine with OR (a card at any selected stage or any selected round): the
 * filter bar says so, in one panel, one chip and the count, so that "Early revenue + Series A" is
 * not read as cards at both.
 */

const { settled } = listTable("card-table");

test("stage and round read as one group, Stage or round, in the panel, the chip and the count", async ({ page, baseURL, request }) => {
  const watch = await watchPage(page, baseURL);
  const { token } = demoCredentials();
  const ref = async (path: string) =>
    ((await (await request.get(path, { headers: auth(token) })).json()).data as { slug: string; name: string }[])[0]!;
  const stage = await ref("/v1/cards/stages/");
  const round = await ref("/v1/cards/rounds/");
  const total = async (query: string) =>
    (await (await request.get(`/v1/cards/?limit=1&include_total=true&${query}`, { headers: auth(token) })).json()).pagination
      .total as number;
  const both = await total(`stages=${stage.slug}&rounds=${round.slug}`);
  // The rule being shown: either one matches, so the pair finds more than the stage alone.
  expect(both).toBeGreaterThan(await total(`stages=${stage.slug}`));

  await signIn(page);
  await page.goto(`/cards?stages=${stage.slug}&rounds=${round.slug}`);
  await settled(page);
  const chips = page.getByTestId("filter-chips");
  await expect(chips.locator("li")).toHaveCount(1);
  await expect(chips).toContainText(`Stage or round: ${stage.name} or ${round.name}`);
  await expect(page.getByTestId("result-count")).toHaveText(
    `${both.toLocaleString("en")} cards, at stage or round ${stage.name} or ${round.name}`,
  );

  // One panel with both lists and what they do together.
  const panel = page.locator("details[data-popover]", { has: page.locator("summary", { hasText: /^Stage or round/ }) });
  await expect(panel.locator("summary")).toHaveText("Stage or round (2)");
  await panel.locator("summary").click();
  await expect(panel).toContainText("A card matches when it has any of the stages or rounds selected here.");
  await expect(panel.getByRole("group", { name: "Stages" }).getByRole("checkbox", { name: stage.name })).toBeChecked();
  await expect(panel.getByRole("group", { name: "Rounds" }).getByRole("checkbox", { name: round.name })).toBeChecked();
  await expectNoSeriousA11yViolation(page, "/cards with the Stage or round panel open");

  // Unticking the round leaves the stage alone; the count no longer explains a pair.
  await panel.getByRole("group", { name: "Rounds" }).getByRole("checkbox", { name: round.name }).click();
  await expect(page).not.toHaveURL(/rounds=/);
  await settled(page);
  await expect(page.getByTestId("result-count")).toHaveText(`${(await total(`stages=${stage.slug}`)).toLocaleString("en")} cards`);
  await expect(chips).toContainText(`Stage or round: ${stage.name}`);
  await page.keyboard.press("Escape");

  // The chip removes the whole group.
  await page.goto(`/cards?stages=${stage.slug}&rounds=${round.slug}&trending=true`);
  await settled(page);
  await page.getByRole("button", { name: `Remove Stage or round: ${stage.name} or ${round.name}` }).click();
  await expect(page).not.toHaveURL(/stages=|rounds=/);
  await expect(page).toHaveURL(/trending=true/);
  expect(await watch.problems()).toEqual([]);
});
