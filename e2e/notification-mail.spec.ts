import { expect, test } from "@playwright/test";
import { startSmtp, type TSmtpHarness } from "../tests/helpers/smtp";
import { E2E_SMTP_PORT } from "../playwright.config";
import { auth, expectNoSeriousA11yViolation, SIGNIN_WAIT, vmon, watchPage } from "./support";

/**
 * A mention by e-mail, as a teammate meets it: the started server sends mail to an SMTP server this
 * spec runs on E2E_SMTP_PORT (playwright.config.ts sets SMTP_URL). A teammate's comment mentions
 * a member; the member's e-mail arrives within the worker's e-mail run (every 15 s) with both
 * parts, a link to the comment and a one-click unsubscribe address; its Unsubscribe page turns
 * mention e-mails off, which the member's notification settings then show.
 */
// The e-mail run comes every 15 s and a busy machine can make a run late: room for a few of them.
test.setTimeout(240_000);

const PASSWORD = "correct horse battery";
const stamp = Date.now();
const OWNER = `mail-owner-${stamp}@example.test`;
const MEMBER = `mail-member-${stamp}@example.test`;

test.describe("notification e-mail", () => {
  test.skip(!!process.env.E2E_BASE_URL, "needs a server started with SMTP_URL pointing at this spec");
  let smtp: TSmtpHarness;
  test.beforeAll(async () => {
    smtp = await startSmtp({ port: E2E_SMTP_PORT });
  });
  test.afterAll(async () => {
    await smtp?.stop();
  });

  test("a mention arrives by e-mail; its Unsubscribe page turns mention e-mails off", async ({ page, baseURL, request }) => {
    for (const email of [OWNER, MEMBER]) expect(vmon(["users", "create", "--email", email, "--password", PASSWORD]).code).toBe(0);
    const team = JSON.parse(vmon(["teams", "create", "--name", `Mail Fund ${stamp}`, "--owner", OWNER, "--json"]).stdout).team as {
      id: number;
    };
    expect(vmon(["teams", "add", "--team", String(team.id), "--email", MEMBER]).code).toBe(0);
    const token = JSON.parse(vmon(["tokens", "create", "--email", OWNER, "--json"]).stdout).token as string;
    const card = (await (await request.get("/v1/cards/?limit=1&view=compact", { headers: auth(token) })).json()).data[0] as {
      slug: string;
    };

    const watch = await watchPage(page, baseURL);
    await page.goto("/signin");
    await page.getByLabel("E-mail").fill(OWNER);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((u) => u.pathname !== "/signin", SIGNIN_WAIT);
    await page.goto(`/cards/${card.slug}`);
    await page.getByLabel(`Comment for Mail Fund ${stamp}`).fill(`@${MEMBER.split("@")[0]} worth a call?`);
    await page.getByRole("button", { name: "Post comment" }).click();
    await expect(page.getByTestId("card-comments")).toContainText("worth a call?");

    await expect.poll(() => smtp.to(MEMBER).length, { timeout: 120_000 }).toBe(1);
    const mail = smtp.to(MEMBER)[0]!;
    expect(mail.parsed.subject).toMatch(/mentioned you on /);
    expect(mail.header("content-type")).toMatch(/^multipart\/alternative/);
    expect(mail.parsed.text).toContain("worth a call?");
    expect(mail.parsed.html).toMatch(new RegExp(`href="${baseURL}/cards/${card.slug}#comment-\\d+"`));
    expect(mail.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const oneClick = /^<([^>]+)>$/.exec(mail.header("list-unsubscribe") ?? "")?.[1];
    expect(oneClick).toMatch(new RegExp(`^${baseURL}/api/unsubscribe/\\d+\\.mention\\.`));

    // The e-mail's Unsubscribe link: a page that changes nothing until its button is pressed. It is
    // opened signed out; the card page is left first, or its bell would ask with no session (401).
    await page.goto("about:blank");
    await page.context().clearCookies();
    await page.goto(oneClick!);
    await expect(page).toHaveURL(/\/unsubscribe\//);
    await expect(page.getByRole("heading", { name: "Unsubscribe", level: 1 })).toBeVisible();
    await expect(page.getByText(`Stop e-mails when a teammate mentions you to ${MEMBER}?`)).toBeVisible();
    await expectNoSeriousA11yViolation(page, "/unsubscribe/<token>");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByTestId("unsubscribe-done")).toContainText(`${MEMBER} will no longer get e-mails when a teammate mentions you`);
    await expectNoSeriousA11yViolation(page, "/unsubscribe/<token> done");

    // The member's settings show it.
    await page.goto("/signin");
    await page.getByLabel("E-mail").fill(MEMBER);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((u) => u.pathname !== "/signin", SIGNIN_WAIT);
    await page.goto("/settings/notifications");
    await expect(page.getByLabel("Mentions in team comments")).toHaveValue("off");

    // A link that is not valid says so.
    await page.goto("/unsubscribe/1.mention.not-a-signature");
    await expect(page.getByTestId("unsubscribe-invalid")).toContainText("This link is not valid");
    expect(await watch.problems()).toEqual([]);
  });
});
