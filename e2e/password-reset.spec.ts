import { expect, test, type Page } from "@playwright/test";
import { startSmtp, type TSmtpHarness } from "../tests/helpers/smtp";
import { E2E_SMTP_PORT } from "../playwright.config";
import { startOwnServer, type TOwnServer } from "./own-server";
import { expectNoSeriousA11yViolation, SIGNIN_WAIT, vmon, watchPage } from "./support";

/**
 * "Forgot password?" as a user meets it. The started server sends e-mail to an SMTP server this
 * spec runs on E2E_SMTP_PORT (playwright.config.ts sets the server's SMTP_URL): the link arrives
 * by e-mail, opens the form, the new password signs in, the link works once. A second server
 * without SMTP_URL (started here) shows how to get a password reset by an administrator.
 * Accounts of their own, never the demo account (other specs sign in with it).
 */
const external = process.env.E2E_BASE_URL;

async function fillAndSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test.describe("password reset by e-mail", () => {
  test.skip(!!external, "needs a server started with SMTP_URL pointing at this spec");
  let smtp: TSmtpHarness;
  test.beforeAll(async () => {
    smtp = await startSmtp({ port: E2E_SMTP_PORT });
  });
  test.afterAll(async () => {
    await smtp?.stop();
  });

  test("Forgot password? sends a link; it sets a new password once; the new password signs in", async ({ page, baseURL }) => {
    const email = `reset-e2e-${Date.now()}@example.test`;
    const created = vmon(["users", "create", "--email", email, "--password", "the-old-password"]);
    expect(created.code, created.stderr).toBe(0);
    const watch = await watchPage(page, baseURL);

    await page.goto("/signin");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await expectNoSeriousA11yViolation(page, "forgot password");
    await page.getByLabel("E-mail").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByTestId("reset-requested")).toContainText(
      "If an account exists for that address, a link to reset its password was sent",
    );
    await expectNoSeriousA11yViolation(page, "reset requested");

    await expect.poll(() => smtp.to(email).length, { timeout: 20_000 }).toBe(1);
    const mail = smtp.to(email)[0]!;
    expect(mail.parsed.subject).toBe("Reset your Venture Monitor password");
    expect(mail.header("content-type")).toMatch(/^multipart\/alternative/);
    const link = new RegExp(`${baseURL}/reset-password/[A-Za-z0-9_-]{43}`).exec(mail.parsed.text ?? "")?.[0];
    expect(link, mail.parsed.text).toBeTruthy();
    expect(mail.parsed.html).toContain(`href="${link}"`);

    await page.goto(link!);
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await expectNoSeriousA11yViolation(page, "reset form");
    await page.getByLabel("New password", { exact: true }).fill("the-new-password");
    await page.getByLabel("Repeat the new password").fill("not-the-same-password");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText("The two passwords differ.")).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("the-new-password");
    await page.getByLabel("Repeat the new password").fill("the-new-password");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page).toHaveURL(/\/signin\?reset=done$/, SIGNIN_WAIT);
    await expect(page.getByText("Your password was changed. Sign in with the new one.")).toBeVisible();
    // After the form's redirect the page's title comes with the streamed head, a moment after its text.
    await expect(page).toHaveTitle("Sign in · Venture Monitor");
    await expectNoSeriousA11yViolation(page, "sign in after reset");

    // The old password no longer signs in; the new one does.
    await fillAndSignIn(page, email, "the-old-password");
    await expect(page.getByText("Wrong e-mail or password.")).toBeVisible(SIGNIN_WAIT);
    await fillAndSignIn(page, email, "the-new-password");
    await expect(page).toHaveURL(/\/cards$/, SIGNIN_WAIT);

    // The link works once.
    await page.goto(link!);
    await expect(page.getByTestId("reset-link-gone")).toContainText("This link was already used");
    await expectNoSeriousA11yViolation(page, "used link");
    // A made-up link is a page that says so, not an error.
    const made = await page.goto("/reset-password/not-a-real-token-0000000000000");
    expect(made?.status()).toBe(200);
    await expect(page.getByTestId("reset-link-gone")).toContainText("This link is not valid");
    expect(await watch.problems()).toEqual([]);
  });

  test("an unknown address gets the same answer and no e-mail", async ({ page, baseURL }) => {
    const watch = await watchPage(page, baseURL);
    const nobody = `nobody-${Date.now()}@example.test`;
    await page.goto("/forgot-password");
    await page.getByLabel("E-mail").fill(nobody);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByTestId("reset-requested")).toContainText(
      "If an account exists for that address, a link to reset its password was sent",
    );
    await page.waitForTimeout(1500);
    // (Other mail may arrive meanwhile: the server's notification e-mails to its accounts.)
    expect(smtp.to(nobody)).toEqual([]);
    expect(await watch.problems()).toEqual([]);
  });
});

test.describe("password reset without e-mail", () => {
  let server: TOwnServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    // A server without SMTP_URL on the next port.
    if (!external) server = await startOwnServer(Number(process.env.E2E_PORT ?? 3111) + 1, { SMTP_URL: "" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("Forgot password? says to ask an administrator, who runs vmon users set-password", async ({ page, baseURL }) => {
    const origin = server?.url ?? baseURL!;
    const watch = await watchPage(page, origin);
    await page.goto(`${origin}/signin`);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(`${origin}/forgot-password`);
    const explained = page.getByTestId("reset-by-admin");
    await expect(explained).toContainText("Ask an administrator of this Venture Monitor to set a new password");
    await expect(explained).toContainText("vmon users set-password --email");
    await expect(page.getByRole("button", { name: "Send reset link" })).toHaveCount(0);
    await expectNoSeriousA11yViolation(page, "forgot password without e-mail");
    expect(await watch.problems()).toEqual([]);
  });
});
