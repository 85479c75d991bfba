import { expect, test, type Browser } from "@playwright/test";
import {
  auth,
  demoCredentials,
  expectNoSeriousA11yViolation,
  signedInContext,
  signIn,
  vmon,
  watchPage,
  workspaceMutation,
} from "./support";

/**
 * The card page's team side: the panel (the team's shared folders holding the card, the teammates
 * who liked it) on a demo card and on a team of the test's own, and the thread: a member edits
 * their own comment inline (Esc cancels, Ctrl+Enter saves, "edited" shown) and cannot edit or
 * delete a teammate's; the newest 20 come first and "Show older" loads the rest; an admin deletes
 * a member's comment after confirming. axe-clean, at 390 px too, with no console error.
 */
test.setTimeout(240_000);

const PASSWORD = "correct horse battery";
const stamp = Date.now();
const OWNER = `card-team-owner-${stamp}@example.test`;
const ADMIN = `card-team-admin-${stamp}@example.test`;
const MEMBER = `card-team-member-${stamp}@example.test`;
const TEAM = `Card Team ${stamp}`;

function run(args: string[]) {
  const r = vmon(args);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

const signedIn = (browser: Browser, baseURL: string | undefined, email: string, width?: number) =>
  signedInContext(browser, baseURL, { email, password: PASSWORD }, { width });

test("the demo team's panel on a demo card: a shared folder holding it, a teammate's like, the thread", async ({
  page,
  baseURL,
  request,
}) => {
  const watch = await watchPage(page, baseURL);
  const { token } = demoCredentials();
  const folders = (await (await request.get("/v1/cards/folders/", { headers: auth(token) })).json()).data as {
    id: number;
    name: string;
    visibility: string;
  }[];
  const pipeline = folders.find((f) => f.name === "Seed pipeline" && f.visibility === "team");
  expect(pipeline, "the demo account's shared folder").toBeTruthy();
  const cards = (await (await request.get(`/v1/cards/?folder_ids=${pipeline!.id}&limit=20`, { headers: auth(token) })).json()).data as {
    slug: string;
  }[];
  // The demo's most discussed card (three comments) is in the folder and liked by Maya.
  let slug: string | undefined;
  for (const c of cards) {
    const thread = await (await request.get(`/v1/cards/${c.slug}/comments/`, { headers: auth(token) })).json();
    if (thread.pagination.total === 3) slug = c.slug;
  }
  expect(slug, "a demo card with the demo thread").toBeTruthy();

  await signIn(page);
  await page.goto(`/cards/${slug}`);
  const panel = page.getByTestId("card-team-panel");
  await expect(panel.getByRole("heading", { name: "Demo Ventures" })).toBeVisible();
  await expect(panel.getByRole("link", { name: "Seed pipeline" })).toHaveAttribute("href", `/folders/${pipeline!.id}`);
  await expect(panel.getByTestId("team-likes")).toContainText("Maya Okafor");
  await expect(page.getByTestId("card-comments")).toContainText("Met the founders last week");
  await expectNoSeriousA11yViolation(page, "a demo card with the team panel");
  expect(await watch.problems()).toEqual([]);
});

test("edit one's own comment, not a teammate's; Show older; an admin deletes a member's comment", async ({ browser, baseURL, request }) => {
  for (const email of [OWNER, ADMIN, MEMBER]) run(["users", "create", "--email", email, "--password", PASSWORD]);
  const team = JSON.parse(run(["teams", "create", "--name", TEAM, "--owner", OWNER, "--json"])) as { team: { id: number } };
  run(["teams", "add", "--team", String(team.team.id), "--email", ADMIN, "--role", "admin"]);
  run(["teams", "add", "--team", String(team.team.id), "--email", MEMBER, "--role", "member"]);
  const token = JSON.parse(run(["tokens", "create", "--email", OWNER, "--json"])).token as string;
  const [first] = (await (await request.get("/v1/cards/?limit=1&view=compact", { headers: auth(token) })).json()).data as {
    slug: string;
  }[];
  test.skip(!first, "the database has no card");
  const card = (await (await request.get(`/v1/cards/${first!.slug}/`, { headers: auth(token) })).json()).data as {
    id: number;
    slug: string;
  };

  // The admin writes one comment; the member shares a folder holding the card, likes it and writes 24.
  const admin = await signedIn(browser, baseURL, ADMIN, 390);
  const adminComment = (await workspaceMutation(admin.page, "team.comments.add", {
    cardId: card.id,
    text: "Admin: intro call booked.",
  })) as {
    comment: { id: number };
  };
  const member = await signedIn(browser, baseURL, MEMBER);
  const folder = (await workspaceMutation(member.page, "user.folders.create", { name: `Shortlist ${stamp}` })) as { id: number };
  await workspaceMutation(member.page, "user.folders.addCard", { id: folder.id, cardId: card.id });
  await workspaceMutation(member.page, "user.folders.share", { id: folder.id, visibility: "team" });
  await workspaceMutation(member.page, "user.likes.like", { cardId: card.id });
  for (let i = 1; i <= 24; i++) await workspaceMutation(member.page, "team.comments.add", { cardId: card.id, text: `Older note ${i}` });

  // The member: a new comment, edited in place; Esc cancels an edit and gives the focus back.
  const m = member.page;
  await m.goto(`/cards/${card.slug}`);
  await expect(m.getByTestId("card-team-panel").getByRole("link", { name: `Shortlist ${stamp}` })).toBeVisible();
  await m.getByLabel(`Comment for ${TEAM}`).fill("First take: strong team.");
  await m.getByRole("button", { name: "Post comment" }).click();
  const mine = m.getByTestId("comment").filter({ hasText: "First take: strong team." });
  await expect(mine).toBeVisible();
  await mine.getByRole("button", { name: /^Edit comment/ }).click();
  const field = m.getByLabel("Edit your comment");
  await expect(field).toBeFocused();
  await field.fill("Discarded words");
  await field.press("Escape");
  await expect(m).toHaveURL(new RegExp(`/cards/${card.slug}$`)); // Esc in the field left the page alone
  await expect(mine).toContainText("First take: strong team.");
  await expect(mine.getByRole("button", { name: /^Edit comment/ })).toBeFocused();
  await expect(mine.getByTestId("comment-edited")).toHaveCount(0);
  await mine.getByRole("button", { name: /^Edit comment/ }).press("Enter");
  await m.getByLabel("Edit your comment").fill("Second take: strong team, thin market.");
  await m.getByLabel("Edit your comment").press("Control+Enter");
  const edited = m.getByTestId("comment").filter({ hasText: "Second take: strong team, thin market." });
  await expect(edited.getByTestId("comment-edited")).toBeVisible();
  await expect(m.getByLabel("Edit your comment")).toHaveCount(0);

  // After a reload the edit is there, the newest 20 first (the admin's, the oldest, is not among them); then the rest.
  await m.reload();
  await expect(m.getByTestId("comment").first()).toContainText("Second take");
  await expect(m.getByTestId("comment").first().getByTestId("comment-edited")).toBeVisible();
  await expect(m.getByTestId("comment")).toHaveCount(20);
  await m.getByRole("button", { name: "Show older comments" }).click();
  await expect(m.getByTestId("comment")).toHaveCount(26);
  await expect(m.getByRole("button", { name: "Show older comments" })).toHaveCount(0);
  // A teammate's comment: neither Edit nor Delete for a member.
  const theirs = m.locator(`#comment-${adminComment.comment.id}`);
  await expect(theirs).toContainText("Admin: intro call booked.");
  await expect(theirs.getByRole("button")).toHaveCount(0);
  await expectNoSeriousA11yViolation(m, "the card page with the team panel and 26 comments");

  // The admin at 390 px: the member's folder and like in the panel; deletes the member's comment after confirming.
  const a = admin.page;
  await a.goto(`/cards/${card.slug}`);
  const panel = a.getByTestId("card-team-panel");
  await expect(panel.getByRole("link", { name: `Shortlist ${stamp}` })).toHaveAttribute("href", `/folders/${folder.id}`);
  await expect(panel.getByTestId("team-likes")).toContainText(MEMBER);
  const target = a.getByTestId("comment").filter({ hasText: "Second take" });
  await expect(target.getByRole("button", { name: /^Edit comment/ })).toHaveCount(0);
  await target.getByRole("button", { name: /^Delete comment/ }).click();
  await target.getByRole("button", { name: "Yes, delete" }).click();
  await expect(a.getByTestId("comment").filter({ hasText: "Second take" })).toHaveCount(0);
  // Gone from the page it was on; the older page continues after it: 25 left in all.
  await expect(a.getByTestId("comment")).toHaveCount(19);
  await a.getByRole("button", { name: "Show older comments" }).click();
  await expect(a.getByTestId("comment")).toHaveCount(25);
  await expectNoSeriousA11yViolation(a, "the card page as a team admin at 390 px");
  const width = await a.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);

  // The thread over REST agrees: 25 left.
  const rest = await (await request.get(`/v1/cards/${card.slug}/comments/?limit=1`, { headers: auth(token) })).json();
  expect(rest.pagination.total).toBe(25);

  expect(await member.watch.problems()).toEqual([]);
  expect(await admin.watch.problems()).toEqual([]);
  await member.context.close();
  await admin.context.close();
});

test("a comment posted while the thread's first page is still loading stays on screen", async ({ browser, baseURL, request }) => {
  const email = `card-team-early-${stamp}@example.test`;
  const team = `Early Team ${stamp}`;
  run(["users", "create", "--email", email, "--password", PASSWORD]);
  run(["teams", "create", "--name", team, "--owner", email]);
  const token = JSON.parse(run(["tokens", "create", "--email", email, "--json"])).token as string;
  const [card] = (await (await request.get("/v1/cards/?limit=1&view=compact", { headers: auth(token) })).json()).data as {
    slug: string;
  }[];
  test.skip(!card, "the database has no card");

  // The thread's first load reads the (empty) thread at once, but its answer is held until the
  // comment has been written: the page must not let that older answer hide the new comment.
  const { page, watch, context } = await signedIn(browser, baseURL, email);
  let release = () => {};
  const written = new Promise<void>((resolve) => (release = resolve));
  // Only the first load is held; the reloads that follow the post go straight to the server.
  await page.route(
    /\/api\/trpc\/[^?]*team\.comments\.thread/,
    async (route) => {
      const response = await route.fetch();
      await written;
      await route.fulfill({ response }).catch(() => {}); // a cancelled load has nobody to answer
    },
    { times: 1 },
  );
  await page.goto(`/cards/${card!.slug}`);
  const field = page.getByLabel(`Comment for ${team}`);
  await field.fill("Posted before the thread loaded.");
  await expect(page.getByText("Loading comments…")).toBeVisible();
  await page.getByRole("button", { name: "Post comment" }).click();
  await expect(field).toHaveValue(""); // the comment is written
  release();
  await expect(page.getByTestId("comment").filter({ hasText: "Posted before the thread loaded." })).toBeVisible();
  await expect(page.getByTestId("comment")).toHaveCount(1);
  expect(await watch.problems()).toEqual([]);
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await context.close();
});
