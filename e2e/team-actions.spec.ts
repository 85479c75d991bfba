import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolation, signedInContext } from "./support";
import { createAccount, teamCommand } from "./team-isolation-kit";

/**
 * The folders and saved filters pages show only the actions the caller's role allows, by the
 * server's own rule (server/domain/teams/roles.ts): a member sees no Rename, Delete or sharing on a
 * teammate's shared folder or filter, and all three on their own; the team's owner sees them on
 * every shared one.
 */

const PASSWORD = "correct horse battery"; // the password createAccount gives (team-isolation-kit.ts)

test("a member sees only the actions their role allows on the team's shared folders and filters", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const [ownerEmail, memberEmail] = [`owner-${stamp}@actions.example`, `member-${stamp}@actions.example`];
  createAccount(ownerEmail);
  createAccount(memberEmail);
  const team = teamCommand(["create", "--name", `Actions ${stamp}`, "--owner", ownerEmail]);
  teamCommand(["add", "--team", String(team), "--email", memberEmail]);

  const owner = await signedInContext(browser, baseURL, { email: ownerEmail, password: PASSWORD });
  const member = await signedInContext(browser, baseURL, { email: memberEmail, password: PASSWORD });
  const ownersFolder = `Owner's room ${stamp}`;
  const membersFolder = `Member's desk ${stamp}`;
  await makeSharedFolder(owner.page, ownersFolder);
  await makeSharedFolder(member.page, membersFolder);

  // The member: nothing to manage on the owner's folder; everything on their own.
  await member.page.goto("/folders");
  const rowOf = (page: Page, name: string) => page.locator("tbody tr", { hasText: name });
  await expect(rowOf(member.page, ownersFolder).getByTestId("team-badge")).toBeVisible();
  for (const action of ["Rename", "Delete", "Make private:"]) {
    await expect(rowOf(member.page, ownersFolder).getByRole("button", { name: new RegExp(`^${action}`) })).toHaveCount(0);
    await expect(rowOf(member.page, membersFolder).getByRole("button", { name: new RegExp(`^${action}`) })).toHaveCount(1);
  }
  await expectNoSeriousA11yViolation(member.page, "/folders as a member");

  // The owner manages both.
  await owner.page.goto("/folders");
  for (const name of [ownersFolder, membersFolder]) {
    for (const action of ["Rename", "Delete", "Make private:"]) {
      await expect(rowOf(owner.page, name).getByRole("button", { name: new RegExp(`^${action}`) })).toHaveCount(1);
    }
  }

  // The same on saved filters: the owner's shared filter offers the member no Rename or Delete.
  const filterName = `Owner's deals ${stamp}`;
  await owner.page.goto("/cards?sort=recent");
  await owner.page.getByRole("button", { name: "Save filter" }).click();
  await owner.page.getByLabel("Saved filter name").fill(filterName);
  await owner.page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(owner.page.getByLabel("Saved filter name")).toHaveCount(0);
  await owner.page.goto("/saved-filters");
  await owner.page.getByRole("button", { name: `Share with team: ${filterName}` }).click();
  await expect(rowOf(owner.page, filterName).getByTestId("team-badge")).toBeVisible();
  await member.page.goto("/saved-filters");
  await expect(rowOf(member.page, filterName).getByTestId("team-badge")).toBeVisible();
  for (const action of ["Rename", "Delete", "Make private:"]) {
    await expect(rowOf(member.page, filterName).getByRole("button", { name: new RegExp(`^${action}`) })).toHaveCount(0);
  }

  for (const who of [owner, member]) {
    expect(await who.watch.problems()).toEqual([]);
    await who.context.close();
  }
});

/** A folder made on /folders and shared with the team. */
async function makeSharedFolder(page: Page, name: string): Promise<void> {
  await page.goto("/folders");
  await page.getByLabel("New folder name").fill(name);
  await page.getByRole("button", { name: "Create folder" }).click();
  await page.getByRole("button", { name: `Share with team: ${name}` }).click();
  await expect(page.locator("tbody tr", { hasText: name }).getByTestId("team-badge")).toBeVisible();
}
