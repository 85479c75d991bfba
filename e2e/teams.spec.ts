import { expect, test, type Browser, type Page } from "@playwright/test";
import { auth, expectNoSeriousA11yViolation, signedInContext, SIGNIN_WAIT, vmon, watchPage } from "./support";

/**
 * Teams in the browser: an owner creates a team, shares a folder and makes an invitation link; a
 * second account, signed out, opens the link, signs in, comes back, accepts and sees the shared
 * folder; a stranger does not; once removed, the member no longer sees it on the next load.
 */
test.setTimeout(180_000);

const PASSWORD = "correct horse battery";
const stamp = Date.now();
const OWNER = `team-owner-${stamp}@example.test`;
const JOINER = `team-joiner-${stamp}@example.test`;
const STRANGER = `team-stranger-${stamp}@example.test`;

function createUser(email: string) {
  const r = vmon(["users", "create", "--email", email, "--password", PASSWORD]);
  expect(r.code, r.stderr).toBe(0);
}

async function signInForm(page: Page, email: string) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function open(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const watch = await watchPage(page, baseURL);
  return { context, page, watch };
}

test("an owner invites, the invitee joins and sees the shared folder, a stranger does not, removal ends it", async ({
  browser,
  baseURL,
  request,
}) => {
  createUser(OWNER);
  createUser(JOINER);
  const strangerToken = JSON.parse(vmon(["tokens", "create", "--email", STRANGER, "--json"]).stdout).token as string;

  // The owner creates the team.
  const owner = await open(browser, baseURL);
  await owner.page.goto("/settings/team");
  await signInForm(owner.page, OWNER);
  await expect(owner.page).toHaveURL(/\/settings\/team$/, SIGNIN_WAIT);
  await owner.page.getByLabel("Team name").fill(`E2E Fund ${stamp}`);
  await owner.page.getByRole("button", { name: "Create team" }).click();
  await expect(owner.page.getByTestId("team-name")).toHaveText(`E2E Fund ${stamp}`);
  await expectNoSeriousA11yViolation(owner.page, "/settings/team");

  // A folder shared with the team.
  await owner.page.goto("/folders");
  await owner.page.getByLabel("New folder name").fill("Team pipeline");
  await owner.page.getByRole("button", { name: "Create folder" }).click();
  await owner.page.getByRole("button", { name: "Share with team: Team pipeline" }).click();
  const row = owner.page.getByTestId("folder-table").locator("tbody tr", { hasText: "Team pipeline" });
  await expect(row.getByTestId("team-badge")).toBeVisible();
  const href = await row.getByRole("link", { name: "Team pipeline" }).getAttribute("href");
  const folderId = Number(href!.split("/").pop());
  await expect(owner.page.getByRole("button", { name: "Make private: Team pipeline" })).toBeVisible();
  await expectNoSeriousA11yViolation(owner.page, "/folders with a shared folder");

  // An invitation link.
  await owner.page.goto("/settings/team");
  await owner.page.getByRole("button", { name: "Make invitation link" }).click();
  const link = (await owner.page.getByTestId("invitation-link").textContent())!.trim();
  expect(link).toMatch(/\/join\/vmj_/);
  await expect(owner.page.getByTestId("open-invitations")).toContainText("Anyone with the link");

  // The invitee, signed out, opens the link: sign in, back to the invitation, accept.
  const joiner = await open(browser, baseURL);
  await joiner.page.setViewportSize({ width: 390, height: 844 });
  await joiner.page.goto(new URL(link).pathname);
  await signInForm(joiner.page, JOINER);
  await expect(joiner.page).toHaveURL(/\/join\/vmj_/, SIGNIN_WAIT);
  await expect(joiner.page.getByTestId("join-team-name")).toHaveText(`E2E Fund ${stamp}`);
  await expectNoSeriousA11yViolation(joiner.page, "/join/<token> at 390 px");
  await joiner.page.getByRole("button", { name: /Accept and join/ }).click();
  await expect(joiner.page.getByTestId("join-message")).toContainText("You joined");

  // The link is single use.
  await joiner.page.reload();
  await expect(joiner.page.getByTestId("join-message")).toContainText("already been used");

  await joiner.page.goto("/folders");
  const shared = joiner.page.getByTestId("folder-table").locator("tbody tr", { hasText: "Team pipeline" });
  await expect(shared).toBeVisible();
  await expect(shared.getByTestId("team-badge")).toBeVisible();
  // A member who did not create it gets no share toggle.
  await expect(joiner.page.getByRole("button", { name: "Make private: Team pipeline" })).toHaveCount(0);
  await expectNoSeriousA11yViolation(joiner.page, "/folders as a member at 390 px");

  // The team's thread on a card (when the database has cards): the owner writes, the member reads it, a stranger does not.
  const first = (await (await request.get("/v1/cards/?limit=1&view=compact", { headers: auth(strangerToken) })).json()).data[0] as
    { slug: string } | undefined;
  if (first) {
    await owner.page.goto(`/cards/${first.slug}`);
    await owner.page.getByLabel(`Comment for E2E Fund ${stamp}`).fill(`Worth a call, @${JOINER.split("@")[0]}`);
    await owner.page.getByRole("button", { name: "Post comment" }).click();
    await expect(owner.page.getByTestId("card-comments")).toContainText("Worth a call");
    await joiner.page.goto(`/cards/${first.slug}`);
    await expect(joiner.page.getByTestId("card-comments")).toContainText("Worth a call");
    await expectNoSeriousA11yViolation(joiner.page, "the card page with the team's comments at 390 px");
    const theirs = await (await request.get(`/v1/cards/${first.slug}/comments/`, { headers: auth(strangerToken) })).json();
    expect(theirs.data).toEqual([]);
  }

  // A stranger sees nothing of it.
  const folders = await (await request.get("/v1/cards/folders/", { headers: auth(strangerToken) })).json();
  expect(folders.data.map((f: { name: string }) => f.name)).not.toContain("Team pipeline");
  const probe = await request.get(`/v1/cards/?folder_ids=${folderId}`, { headers: auth(strangerToken) });
  expect(probe.status()).toBe(400);

  // The owner removes the member; their next load no longer shows the folder.
  await owner.page.goto("/settings/team");
  await owner.page.getByRole("button", { name: `Remove ${JOINER}` }).click();
  await owner.page.getByRole("button", { name: `Yes, remove ${JOINER}` }).click();
  await expect(owner.page.getByTestId("team-members")).not.toContainText(JOINER);
  await expect(owner.page.getByTestId("team-activity")).toContainText("removed a member");
  await expect(owner.page.getByTestId("team-activity")).toContainText("used an invitation");

  await joiner.page.goto("/folders");
  await expect(joiner.page.getByTestId("folder-table")).toHaveAttribute("aria-busy", "false");
  await expect(joiner.page.getByTestId("folder-table")).not.toContainText("Team pipeline");

  expect(await owner.watch.problems()).toEqual([]);
  expect(await joiner.watch.problems()).toEqual([]);
  await owner.context.close();
  await joiner.context.close();
});

test("an invitation made while the open ones are still loading is listed", async ({ browser, baseURL }) => {
  const owner = `team-early-${stamp}@example.test`;
  createUser(owner);
  expect(vmon(["teams", "create", "--name", `Early Fund ${stamp}`, "--owner", owner]).code).toBe(0);
  const { context, page, watch } = await signedInContext(browser, baseURL, { email: owner, password: PASSWORD });
  // The list's first load reads the (empty) list at once, but its answer is held until the
  // invitation has been made: that older answer must not be what the page keeps showing.
  let release = () => {};
  const made = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    /\/api\/trpc\/[^?]*team\.workspace\.invitations(?!ForMe)/,
    async (route) => {
      const response = await route.fetch();
      await made;
      await route.fulfill({ response }).catch(() => {}); // a cancelled load has nobody to answer
    },
    { times: 1 },
  );
  await page.goto("/settings/team");
  await page.getByRole("button", { name: "Make invitation link" }).click();
  await expect(page.getByTestId("invitation-link")).toContainText("/join/vmj_");
  release();
  await expect(page.getByTestId("open-invitations")).toContainText("Anyone with the link");
  expect(await watch.problems()).toEqual([]);
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await context.close();
});

test("a refused team or folder name is said in words beside its field", async ({ browser, baseURL }) => {
  const analyst = `team-refused-${stamp}@example.test`;
  createUser(analyst);
  const { context, page, watch } = await signedInContext(browser, baseURL, { email: analyst, password: PASSWORD });
  await page.goto("/settings/team");
  await page.getByLabel("Team name").fill(`Tab\tFund ${stamp}`);
  await page.getByRole("button", { name: "Create team" }).click();
  await expect(page.getByText("name: must not contain control characters (such as line breaks or tabs)")).toBeVisible();

  // Input the procedure's schema refuses reads as the API's message, not as the schema's issues.
  await page.goto("/folders");
  await page.getByLabel("New folder name").fill("   ");
  await page.getByRole("button", { name: "Create folder" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid value for name: must not be empty." })).toBeVisible();
  // The browser logs each refused request (400) as a console error; nothing else went wrong.
  expect((await watch.problems()).filter((p) => !p.includes("status of 400 (Bad Request)"))).toEqual([]);
  await context.close();
});
