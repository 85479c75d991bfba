import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolation, signedInContext, signIn, vmon, watchPage } from "./support";

/**
 * What the workspace says, in words a person reads: time zones by their current IANA names, one's
 * role in the team, a webhook URL whose host has no address, a refused radar follow named by its
 * field (not the API's parameter) and ending its sentence, a failed application's reason in words.
 */

const PASSWORD = "correct horse battery";

test("time zones by current names; the team says what the caller is", async ({ browser, baseURL }) => {
  const email = `words-${Date.now()}@example.test`;
  for (const args of [
    ["users", "create", "--email", email, "--password", PASSWORD],
    ["teams", "create", "--name", `Words Fund ${Date.now()}`, "--owner", email],
  ]) {
    const r = vmon(args);
    expect(r.code, r.stderr).toBe(0);
  }
  const { context, page, watch } = await signedInContext(browser, baseURL, { email, password: PASSWORD });
  await page.goto("/settings/notifications");
  const zone = page.getByLabel("Time zone");
  await expect(zone).toHaveValue("UTC");
  const offered = await zone.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  expect(offered).toContain("Asia/Kolkata");
  expect(offered).toContain("Europe/Kyiv");
  for (const old of ["Asia/Calcutta", "Europe/Kiev", "Asia/Saigon"]) expect(offered).not.toContain(old);
  expect(new Set(offered).size).toBe(offered.length);
  await expectNoSeriousA11yViolation(page, "/settings/notifications");
  await zone.selectOption("Asia/Kolkata");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved your notification settings.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Time zone")).toHaveValue("Asia/Kolkata");

  await page.goto("/settings/team");
  await expect(page.getByText("· you are an owner")).toBeVisible();
  await expectNoSeriousA11yViolation(page, "/settings/team");
  expect(await watch.problems()).toEqual([]);
  await context.close();
});

test("a webhook URL whose host has no address is refused in plain words", async ({ page, baseURL }) => {
  const watch = await watchPage(page, baseURL);
  await signIn(page);
  await page.goto("/settings/webhooks");
  await page.getByLabel("URL").fill("https://hooks.nothing.invalid/hook");
  await page.getByRole("checkbox", { name: /Radar update detected/ }).check();
  await page.getByRole("button", { name: "Add endpoint" }).click();
  // Not found at once, or (a resolver that does not answer) not within the time allowed.
  await expect(
    page.getByText(/^The URL names a host whose address (could not be found|was not found within \d+ ms) \(hooks\.nothing\.invalid\)\.$/),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel("URL")).toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousA11yViolation(page, "/settings/webhooks with a refused URL");
  // The browser logs the refused request (400) itself; nothing else goes wrong.
  expect(await watch.problems()).toEqual([
    "console error: Failed to load resource: the server responded with a status of 400 (Bad Request)",
  ]);
});

test("radar: a refused line names its field and ends its sentence; a failure says why in words", async ({ page, baseURL }) => {
  const watch = await watchPage(page, baseURL);
  await signIn(page);
  await page.goto("/radar?source=network_a");
  await page.getByRole("button", { name: "Paste a list" }).click();
  await page.getByLabel("Profiles, one per line").fill("https://elsewhere.example/in/someone");
  await page.getByRole("button", { name: "Follow all" }).click();
  const line = page.getByTestId("follow-results").locator("li");
  await expect(line).toHaveAttribute("data-kind", "refused");
  await expect(line).toContainText("The profile URL must be on network-a.example, not elsewhere.example. Nothing was created.");
  await expect(line).not.toContainText("network_a_url");
  await expectNoSeriousA11yViolation(page, "/radar follow results");

  // The demo's failed Network B application: its reason in words, no error code.
  await page.goto("/radar?source=network_b&tab=applications");
  const failed = page.getByTestId("application-table").locator("tbody tr").filter({ hasText: "no_such_profile_demo" });
  await expect(failed.getByTestId("application-error")).toHaveText(
    /^Profile not found \(attempt \d+\): No Network B profile matches username 'no_such_profile_demo'\.$/,
  );
  await expectNoSeriousA11yViolation(page, "/radar applications");
  expect(await watch.problems()).toEqual([]);
});
