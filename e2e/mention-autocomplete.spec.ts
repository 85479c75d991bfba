import { expect, test } from "@playwright/test";
import { auth, expectNoSeriousA11yViolation, signedInContext, vmon } from "./support";

/**
 * The comment box's @ autocomplete (a combobox): "@" and the start of a name lists the caller's
 * teammates only, narrowed as one types; Up and Down move, Esc closes, Enter, Tab or a click
 * inserts the handle the server reads as that teammate. A comment written by keyboard alone
 * mentions the chosen teammate, who gets the notification. Outside a team there is no comment box.
 */
test.setTimeout(180_000);

const PASSWORD = "correct horse battery";
const stamp = Date.now();
const OWNER = `mention-owner-${stamp}@example.test`;
const ALICE = `mention-alice-${stamp}@example.test`;
const BOB = `mention-bob-${stamp}@example.test`;
const AMY = `mention-amy-${stamp}@example.test`; // another team's
const LONER = `mention-loner-${stamp}@example.test`; // in no team
const TEAM = `Mention Fund ${stamp}`;

function run(args: string[]) {
  const r = vmon(args);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

test("@ lists teammates, the keyboard picks one, and the posted comment notifies them", async ({ browser, baseURL, request }) => {
  run(["users", "create", "--email", OWNER, "--password", PASSWORD, "--name", "Olivia Owner"]);
  run(["users", "create", "--email", ALICE, "--password", PASSWORD, "--name", "Alice Analyst"]);
  for (const email of [BOB, AMY, LONER]) run(["users", "create", "--email", email, "--password", PASSWORD]);
  const team = JSON.parse(run(["teams", "create", "--name", TEAM, "--owner", OWNER, "--json"])) as { team: { id: number } };
  for (const email of [ALICE, BOB]) run(["teams", "add", "--team", String(team.team.id), "--email", email]);
  run(["teams", "create", "--name", `Other Fund ${stamp}`, "--owner", AMY]);
  const token = JSON.parse(run(["tokens", "create", "--email", OWNER, "--json"])).token as string;
  const [card] = (await (await request.get("/v1/cards/?limit=1&view=compact", { headers: auth(token) })).json()).data as {
    slug: string;
    name: string;
  }[];
  test.skip(!card, "the database has no card");

  const owner = await signedInContext(browser, baseURL, { email: OWNER, password: PASSWORD });
  const page = owner.page;
  await page.goto(`/cards/${card!.slug}`);
  const box = page.getByRole("combobox", { name: `Comment for ${TEAM}` });
  const list = page.getByRole("listbox", { name: "Teammates to mention" });
  const options = list.getByRole("option");
  await expect(box).toHaveAttribute("aria-expanded", "false");

  // "@" opens the list: the two teammates, not the caller, not another team's member.
  await box.click();
  await box.pressSequentially("Ping @");
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await expect(options).toHaveText([/^Alice Analyst @mention-alice-/, /^@mention-bob-/]);
  await expect(box).toHaveAttribute("aria-controls", (await list.getAttribute("id"))!);
  await page.waitForLoadState("networkidle");
  await expectNoSeriousA11yViolation(page, "/cards/<slug> with the mention list open");

  // Esc closes it and leaves the text as typed.
  await box.press("Escape");
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(list).toBeHidden();
  await expect(box).toHaveValue("Ping @");

  // A new @: narrowed as one types ("mention-a" is Alice only: Amy is in another team).
  await box.press("Backspace");
  await box.pressSequentially("@mention-");
  await expect(options).toHaveCount(2);
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await box.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await options.nth(1).getAttribute("id"))!);
  await box.press("ArrowUp");
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await box.pressSequentially("a");
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText(ALICE);

  // Enter inserts her handle and a space; the rest is typed and posted by keyboard alone.
  await box.press("Enter");
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(box).toHaveValue(`Ping @${ALICE.split("@")[0]} `);
  await box.pressSequentially("worth a call?");
  await box.press("Tab");
  await expect(page.getByRole("button", { name: "Post comment" })).toBeFocused();
  await page.keyboard.press("Enter");
  const text = `Ping @${ALICE.split("@")[0]} worth a call?`;
  await expect(page.getByTestId("card-comments").getByTestId("comment").first()).toContainText(text);
  await expect(box).toHaveValue("");

  // Tab inserts too, and a click on an option.
  await box.pressSequentially("cc @mention-b");
  await box.press("Tab");
  await expect(box).toHaveValue(`cc @${BOB.split("@")[0]} `);
  await box.pressSequentially("and @Ali");
  await options.first().click();
  await expect(box).toHaveValue(`cc @${BOB.split("@")[0]} and @${ALICE.split("@")[0]} `);
  await expect(box).toBeFocused();
  expect(await owner.watch.problems()).toEqual([]);

  // Alice's notification names the owner and the card, and leads to the comment.
  const alice = await signedInContext(browser, baseURL, { email: ALICE, password: PASSWORD });
  await alice.page.goto("/notifications");
  const mention = alice.page.getByRole("link", { name: `Olivia Owner mentioned you on ${card!.name}` });
  await expect(mention).toBeVisible();
  await expect(mention).toHaveAttribute("href", new RegExp(`^/cards/${card!.slug}#comment-\\d+$`));
  await alice.page.waitForLoadState("networkidle");
  await expectNoSeriousA11yViolation(alice.page, "/notifications with a mention");
  expect(await alice.watch.problems()).toEqual([]);

  // Outside a team: no comment box at all.
  const loner = await signedInContext(browser, baseURL, { email: LONER, password: PASSWORD });
  await loner.page.goto(`/cards/${card!.slug}`);
  await expect(loner.page.getByRole("heading", { level: 1 })).toHaveText(card!.name);
  await loner.page.waitForLoadState("networkidle");
  await expect(loner.page.getByRole("combobox")).toHaveCount(0);
  await expect(loner.page.getByRole("button", { name: "Post comment" })).toHaveCount(0);
  await expectNoSeriousA11yViolation(loner.page, "/cards/<slug> outside a team");
  expect(await loner.watch.problems()).toEqual([]);

  for (const c of [owner, alice, loner]) await c.context.close();
});
