import { expect, test } from "@playwright/test";
import { auth, expectNoSeriousA11yViolation, signedInContext } from "./support";
import { createAccount, teamCommand } from "./team-isolation-kit";

/**
 * The team's activity log on /settings/team (server/domain/teams/activity.ts) tells the owner what
 * members do on cards: a member comments on a card and adds it to a folder shared with the team;
 * the owner reads both entries in words, and their links open the card (the comment's at the
 * comment). Another team's owner reads neither.
 */

const PASSWORD = "correct horse battery"; // the password createAccount gives (team-isolation-kit.ts)

test("a member's comment and a card added to a shared folder show on the owner's team activity, linked to the card", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const [ownerEmail, memberEmail, rivalEmail] = [
    `owner-${stamp}@activity.example`,
    `member-${stamp}@activity.example`,
    `rival-${stamp}@activity.example`,
  ];
  createAccount(ownerEmail);
  const token = createAccount(memberEmail);
  createAccount(rivalEmail);
  const teamName = `Activity ${stamp}`;
  const team = teamCommand(["create", "--name", teamName, "--owner", ownerEmail]);
  teamCommand(["add", "--team", String(team), "--email", memberEmail]);
  teamCommand(["create", "--name", `Rival ${stamp}`, "--owner", rivalEmail]);
  const card = (await (await request.get("/v1/cards/?limit=1&view=compact", { headers: auth(token) })).json()).data[0] as {
    slug: string;
    name: string;
  };

  // The owner shares a folder with the team.
  const owner = await signedInContext(browser, baseURL, { email: ownerEmail, password: PASSWORD });
  const folder = `Partner meeting ${stamp}`;
  await owner.page.goto("/folders");
  await owner.page.getByLabel("New folder name").fill(folder);
  await owner.page.getByRole("button", { name: "Create folder" }).click();
  await owner.page.getByRole("button", { name: `Share with team: ${folder}` }).click();
  await expect(owner.page.locator("tbody tr", { hasText: folder }).getByTestId("team-badge")).toBeVisible();

  // The member comments on a card and adds it to the shared folder, on the card's page.
  const member = await signedInContext(browser, baseURL, { email: memberEmail, password: PASSWORD });
  await member.page.goto(`/cards/${card.slug}`);
  const words = `Met the founders ${stamp}: worth a partner meeting.`;
  await member.page.getByLabel(`Comment for ${teamName}`).fill(words);
  await member.page.getByRole("button", { name: "Post comment" }).click();
  await expect(member.page.getByTestId("card-comments")).toContainText(words);
  const inFolder = member.page.getByRole("checkbox", { name: folder });
  await inFolder.click();
  await expect(inFolder).toBeChecked();
  await expectNoSeriousA11yViolation(member.page, "/cards/<slug> as a member");

  // The owner's activity log names both, in words, with links to the card.
  await owner.page.goto("/settings/team");
  const log = owner.page.getByTestId("team-activity");
  const added = log.getByTestId("team-activity-entry").filter({ hasText: `added ${card.name} to the folder “${folder}”` });
  const commented = log.getByTestId("team-activity-entry").filter({ hasText: `commented on ${card.name}: “${words}”` });
  await expect(added).toContainText(memberEmail);
  await expect(commented).toContainText(memberEmail);
  await expectNoSeriousA11yViolation(owner.page, "/settings/team with card activity");

  await added.getByRole("link", { name: card.name }).click();
  await expect(owner.page).toHaveURL(new RegExp(`/cards/${card.slug}$`));
  await expect(owner.page.getByRole("heading", { name: card.name, level: 1 })).toBeVisible();
  await owner.page.goBack();
  const commentLink = commented.getByRole("link", { name: card.name });
  await expect(commentLink).toHaveAttribute("href", new RegExp(`^/cards/${card.slug}#comment-\\d+$`));
  await commentLink.click();
  await expect(owner.page).toHaveURL(new RegExp(`/cards/${card.slug}#comment-\\d+$`));
  await expect(owner.page.getByRole("heading", { name: card.name, level: 1 })).toBeVisible();
  await expect(owner.page.getByTestId("card-comments")).toContainText(words);

  // Another team's owner reads none of it.
  const rival = await signedInContext(browser, baseURL, { email: rivalEmail, password: PASSWORD });
  await rival.page.goto("/settings/team");
  await expect(rival.page.getByTestId("team-activity")).toContainText("created the team");
  await expect(rival.page.getByTestId("team-activity")).not.toContainText(card.name);
  await expect(rival.page.getByTestId("team-activity")).not.toContainText(memberEmail);
  await expectNoSeriousA11yViolation(rival.page, "/settings/team of another team");

  for (const who of [owner, member, rival]) {
    expect(await who.watch.problems()).toEqual([]);
    await who.context.close();
  }
});
