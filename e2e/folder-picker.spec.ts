import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolation, listTable, signedInContext, vmon, workspaceMutation } from "./support";

/**
 * One folder picker on the card list (rows into a folder) and on the card page (the card's
 * folders): the folders come in two groups, shared with the team first, then private, and a shared
 * one says so ("(team)" in a choice's text, a Team badge in a checkbox's label).
 */
test.setTimeout(120_000);

const PASSWORD = "correct horse battery";
const stamp = Date.now();
const OWNER = `picker-owner-${stamp}@example.test`;
const SHARED = `Team deals ${stamp}`;
const MINE = `My shortlist ${stamp}`;

const { rows, settled } = listTable("card-table");

test("the folder picker tells team folders from private ones, on the card list and on the card page", async ({ browser, baseURL }) => {
  for (const args of [
    ["users", "create", "--email", OWNER, "--password", PASSWORD],
    ["teams", "create", "--name", `Picker Fund ${stamp}`, "--owner", OWNER],
  ]) {
    const r = vmon(args);
    expect(r.code, r.stderr).toBe(0);
  }
  const { context, page, watch } = await signedInContext(browser, baseURL, { email: OWNER, password: PASSWORD });
  const shared = (await workspaceMutation(page, "user.folders.create", { name: SHARED })) as { id: number };
  await workspaceMutation(page, "user.folders.share", { id: shared.id, visibility: "team" });
  await workspaceMutation(page, "user.folders.create", { name: MINE });

  // The card list: one row into the shared folder, chosen from the choice's team group.
  await page.goto("/cards");
  await settled(page);
  await rows(page).first().getByRole("checkbox").check();
  const href = (await rows(page).first().locator("td:nth-child(2) a").getAttribute("href"))!;
  const choice = page.getByLabel("Add 1 selected to");
  await expect(choice.locator("optgroup")).toHaveCount(2);
  expect(await choice.locator("optgroup").evaluateAll((gs) => gs.map((g) => g.getAttribute("label")))).toEqual([
    "Shared with the team",
    "Private",
  ]);
  await expect(choice.locator('optgroup[label="Shared with the team"] option')).toHaveText([`${SHARED} (team)`]);
  await expect(choice.locator('optgroup[label="Private"] option')).toHaveText([MINE]);
  await expectNoSeriousA11yViolation(page, "/cards with rows selected");
  await choice.selectOption({ label: `${SHARED} (team)` });
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(`Added to ${SHARED} (1 card).`);

  // The card page: the same two groups, the shared folder ticked and marked Team.
  await page.goto(href);
  const folders = page.getByRole("group", { name: "Folders", exact: true });
  await expect(folders.getByRole("group", { name: /^(Shared with the team|Private)$/ })).toHaveText([/^Shared with the team/, /^Private/]);
  const team = folders.getByRole("group", { name: "Shared with the team" });
  await expect(team.getByRole("checkbox", { name: new RegExp(`^${SHARED}\\s*Team$`) })).toBeChecked();
  await expect(team.getByTestId("team-badge")).toHaveText("Team");
  const own = folders.getByRole("group", { name: "Private" });
  await expect(own.getByRole("checkbox", { name: MINE, exact: true })).not.toBeChecked();
  await expect(own.getByTestId("team-badge")).toHaveCount(0);

  // Ticked in the private group, the card is in both; a folder made here is private.
  await own.getByRole("checkbox", { name: MINE, exact: true }).click();
  await expect(own.getByRole("checkbox", { name: MINE, exact: true })).toBeChecked();
  await page.getByLabel("New folder name").fill(`Fresh ${stamp}`);
  await page.getByRole("button", { name: "Create and add" }).click();
  await expect(own.getByRole("checkbox", { name: `Fresh ${stamp}`, exact: true })).toBeChecked();
  await page.waitForLoadState("networkidle");
  await expectNoSeriousA11yViolation(page, "/cards/<slug> folder picker");
  expect(await watch.problems()).toEqual([]);
  await context.close();
});
