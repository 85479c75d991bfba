import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolation, signedInContext, vmon } from "./support";

/**
 * An invitation bound to an account's address reaches it in the workspace: the owner invites by
 * e-mail, the invitee sees it on the bell and /notifications, follows it to /settings/team and
 * joins there without the link; a third account never sees it.
 */
test.setTimeout(180_000);

const PASSWORD = "correct horse battery";
const stamp = Date.now();
const OWNER = `inv-owner-${stamp}@example.test`;
const INVITEE = `inv-invitee-${stamp}@example.test`;
const OTHER = `inv-other-${stamp}@example.test`;
const TEAM = `Notified Fund ${stamp}`;
const bell = (page: Page) => page.getByRole("link", { name: /^Notifications, / });

function createUser(email: string) {
  const r = vmon(["users", "create", "--email", email, "--password", PASSWORD]);
  expect(r.code, r.stderr).toBe(0);
}

const signedIn = (browser: Browser, baseURL: string | undefined, email: string, path: string) =>
  signedInContext(browser, baseURL, { email, password: PASSWORD }, { path });

test("an invitation by e-mail arrives on the bell and is accepted from the team settings", async ({ browser, baseURL }) => {
  createUser(OWNER);
  createUser(INVITEE);
  createUser(OTHER);
  expect(vmon(["teams", "create", "--name", TEAM, "--owner", OWNER]).code).toBe(0);

  const owner = await signedIn(browser, baseURL, OWNER, "/settings/team");
  await owner.page.getByLabel("E-mail (optional)").fill(INVITEE);
  await owner.page.getByRole("button", { name: "Make invitation link" }).click();
  await expect(owner.page.getByTestId("open-invitations")).toContainText(`For ${INVITEE}`);

  const invitee = await signedIn(browser, baseURL, INVITEE, "/notifications");
  await invitee.page.setViewportSize({ width: 390, height: 844 });
  await expect(bell(invitee.page)).toHaveAccessibleName("Notifications, 1 unread");
  await expect(invitee.page.getByRole("heading", { name: "Invitations" })).toBeVisible();
  await invitee.page.getByRole("link", { name: new RegExp(`invites you to join ${TEAM}`) }).click();
  await expect(invitee.page).toHaveURL(/\/settings\/team$/);
  const panel = invitee.page.getByTestId("invitations-for-me");
  await expect(panel).toContainText(TEAM);
  await expect(panel).toContainText(`from ${OWNER}`);
  await expectNoSeriousA11yViolation(invitee.page, "/settings/team with an invitation for you at 390 px");
  await panel.getByRole("button", { name: `Join ${TEAM}` }).click();
  await expect(invitee.page.getByTestId("team-name")).toHaveText(TEAM);
  await expect(invitee.page.getByTestId("invitations-for-me")).toHaveCount(0);
  await expect(bell(invitee.page)).toHaveAccessibleName("Notifications, none unread");

  // Another account has neither the notification nor the invitation.
  const other = await signedIn(browser, baseURL, OTHER, "/settings/team");
  await expect(other.page.getByRole("button", { name: "Create team" })).toBeVisible();
  await expect(other.page.getByTestId("invitations-for-me")).toHaveCount(0);
  await expect(bell(other.page)).toHaveAccessibleName("Notifications, none unread");

  // The owner's list no longer holds the used invitation.
  await owner.page.reload();
  await expect(owner.page.getByTestId("team-members")).toContainText(INVITEE);

  for (const s of [owner, invitee, other]) {
    expect(await s.watch.problems()).toEqual([]);
    await s.context.close();
  }
});
