import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { auth, demoCredentials, expectNoSeriousA11yViolation, SIGNIN_WAIT, signIn, vmon, watchPage } from "./support";

/**
 * Notifications in the workspace (docs/notifications.md): "Alert me" on a saved filter, a card
 * that newly matches it (an import), the alert on the bell and on /notifications (made by the
 * worker), its link, marking read; a teammate's own "Alert me" and "Mark seen" on the team's shared
 * filter; and the notification settings.
 */

const bell = (page: import("@playwright/test").Page) => page.getByRole("link", { name: /^Notifications, / });

test("follow a saved filter, see a new matching card on the bell and /notifications, open it, mark read", async ({
  page,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const watch = await watchPage(page, baseURL);
  await signIn(page);
  // The demo account starts with unread notifications.
  await expect(bell(page)).toHaveAccessibleName(/^Notifications, \d+\+? unread$/);

  // The demo's second saved filter (the first is followed already): switch "Alert me" on.
  const { token } = demoCredentials();
  const filters = (await (await request.get("/v1/cards/filters/", { headers: auth(token) })).json()).data as {
    id: number;
    name: string;
    params: { stages?: string[] };
  }[];
  const filter = filters.sort((a, b) => a.id - b.id)[1]!;
  const stage = filter.params.stages![0]!;
  await page.goto("/saved-filters");
  const alertMe = page.getByRole("button", { name: `Alert me: ${filter.name}` });
  await expect(alertMe).toHaveAttribute("aria-pressed", "false");
  await alertMe.click();
  await expect(alertMe).toHaveAttribute("aria-pressed", "true");
  await expectNoSeriousA11yViolation(page, "/saved-filters");

  // The selected filter on /cards shows the same toggle.
  await page.goto(`/cards?filter_id=${filter.id}`);
  await expect(page.getByRole("button", { name: `Alert me: ${filter.name}` })).toHaveAttribute("aria-pressed", "true");

  // A card that newly matches it arrives by import.
  const slug = `alert-card-${Date.now()}`;
  const name = `Alert Card ${Date.now()}`;
  const file = path.join(mkdtempSync(path.join(tmpdir(), "vm-notify-")), "cards.jsonl");
  writeFileSync(file, `${JSON.stringify({ kind: "card", slug, name, description: "A card for the alert test", stage })}\n`);
  const imported = vmon(["import", file]);
  expect(imported.code, imported.stderr).toBe(0);

  // The worker notices it within seconds.
  const title = `${filter.name}: 1 new card`;
  await expect(async () => {
    await page.goto("/notifications");
    await expect(page.getByRole("link", { name: title })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.getByRole("heading", { name: "Saved filters" })).toBeVisible();
  await expect(page.getByRole("button", { name: `Mark read: ${title}` })).toBeVisible();
  const unread = Number((await bell(page).getAttribute("aria-label"))!.match(/(\d+)/)![1]);
  expect(unread).toBeGreaterThan(0);
  await expectNoSeriousA11yViolation(page, "/notifications");

  // The link opens the card and marks the notification read.
  await page.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/cards/${slug}$`));
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  // Other specs share the demo account and may add notifications meanwhile: the bell follows the
  // server's count, which no longer holds this one (the list below shows it read).
  await expect(async () => {
    const now = await page.evaluate(async () => {
      const res = await fetch(`/api/trpc/notifications.unreadCount?batch=1&input=${encodeURIComponent("{}")}`);
      return ((await res.json()) as [{ result: { data: { unread: number; cap: number } } }])[0].result.data;
    });
    const text = now.unread >= now.cap ? `${now.cap - 1}+` : String(now.unread);
    await expect(bell(page)).toHaveAccessibleName(now.unread > 0 ? `Notifications, ${text} unread` : "Notifications, none unread", {
      timeout: 2_000,
    });
  }).toPass({ timeout: 45_000 });
  await page.goto("/notifications");
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  await expect(page.getByRole("button", { name: `Mark read: ${title}` })).toHaveCount(0);

  // Mark all read: the bell says none.
  await page.getByRole("button", { name: "Mark all read" }).click();
  await expect(page.getByTestId("unread-summary")).toHaveText("All read.");
  await expect(bell(page)).toHaveAccessibleName("Notifications, none unread");
  await expect(page.getByRole("button", { name: "Mark all read" })).toBeDisabled();

  // At 390 px the bell stays in the header, beside the menu.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(bell(page)).toBeVisible();
  await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
  await expectNoSeriousA11yViolation(page, "/notifications at 390 px");

  expect(await watch.problems()).toEqual([]);
});

test("notification settings: e-mail per kind, digest hour and time zone are saved", async ({ page, baseURL }) => {
  const watch = await watchPage(page, baseURL);
  await signIn(page);
  await page.goto("/settings/notifications");
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  // The started server sends e-mail (playwright.config.ts sets SMTP_URL); a cluster instance does not.
  if (process.env.E2E_BASE_URL) await expect(page.getByTestId("mail-not-configured")).toContainText("E-mail is not configured");
  else await expect(page.getByTestId("mail-not-configured")).toHaveCount(0);
  const radar = page.getByLabel("Radar updates of tracked connections");
  await expect(radar).toHaveValue("daily");
  await expect(page.getByLabel("Mentions in team comments")).toHaveValue("instant");
  await expectNoSeriousA11yViolation(page, "/settings/notifications");

  await radar.selectOption("weekly");
  await page.getByLabel("Hour of the day").selectOption("18");
  await page.getByLabel("Time zone").selectOption("Europe/Berlin");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved your notification settings.")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Radar updates of tracked connections")).toHaveValue("weekly");
  await expect(page.getByLabel("Hour of the day")).toHaveValue("18");
  await expect(page.getByLabel("Time zone")).toHaveValue("Europe/Berlin");
  // Keyboard: the settings tabs reach the page.
  await expect(page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Notifications" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  expect(await watch.problems()).toEqual([]);
});

test("a teammate follows and marks seen the team's shared filter: their own alert and mark, the creator's untouched", async ({
  page,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  // The demo team's member (demo/team.ts) gets a password to sign in with.
  const leo = { email: "leo.brandt@demo-team.example", password: `leo-${Date.now()}-password` };
  const set = vmon(["users", "set-password", "--email", leo.email, "--password", leo.password]);
  expect(set.code, set.stderr).toBe(0);
  // The demo account's first saved filter is shared with the team and followed by the demo account.
  const { token } = demoCredentials();
  type TCounted = {
    id: number;
    name: string;
    visibility: string;
    params: { stages?: string[] };
    last_seen_at: string | null;
    new_since_seen: number;
  };
  const demoCounts = async () =>
    (await (await request.get("/v1/cards/filters/?include_counts=true", { headers: auth(token) })).json()).data as TCounted[];
  const shared = (await demoCounts()).sort((a, b) => a.id - b.id)[0]!;
  expect(shared.visibility).toBe("team");

  const watch = await watchPage(page, baseURL);
  await page.goto("/saved-filters");
  await page.getByLabel("E-mail").fill(leo.email);
  await page.getByLabel("Password").fill(leo.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/saved-filters$/, SIGNIN_WAIT);
  // Leo's own alert is off although the creator follows the filter; he switches it on.
  const alertMe = page.getByRole("button", { name: `Alert me: ${shared.name}` });
  await expect(alertMe).toHaveAttribute("aria-pressed", "false");
  await alertMe.click();
  await expect(alertMe).toHaveAttribute("aria-pressed", "true");
  await expectNoSeriousA11yViolation(page, "/saved-filters as a team member");

  // A card that newly matches it: Leo is notified in his own inbox.
  const slug = `team-alert-${Date.now()}`;
  const file = path.join(mkdtempSync(path.join(tmpdir(), "vm-notify-")), "cards.jsonl");
  writeFileSync(file, `${JSON.stringify({ kind: "card", slug, name: `Team Alert ${Date.now()}`, stage: shared.params.stages![0] })}\n`);
  const imported = vmon(["import", file]);
  expect(imported.code, imported.stderr).toBe(0);
  const title = `${shared.name}: 1 new card`;
  await expect(async () => {
    await page.goto("/notifications");
    await expect(page.getByRole("link", { name: title })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });

  // Leo marks the filter seen on /cards: his count drops to 0, the creator's mark and count stay.
  await page.goto(`/cards?filter_id=${shared.id}`);
  const bar = page.getByTestId("saved-filter-bar");
  await expect(bar.getByTestId("new-count")).not.toHaveText("0 new");
  await bar.getByRole("button", { name: "Mark seen" }).click();
  await expect(bar.getByTestId("new-count")).toHaveText("0 new");
  await expect(bar.getByRole("button", { name: `Alert me: ${shared.name}` })).toHaveAttribute("aria-pressed", "true");
  const after = (await demoCounts()).find((f) => f.id === shared.id)!;
  expect(after.last_seen_at).toBe(shared.last_seen_at);
  expect(after.new_since_seen).toBe(shared.new_since_seen + 1);
  expect(await watch.problems()).toEqual([]);
});

/** Imports cards of `stage` (each new) by the command line; returns their slugs. */
function importCards(stage: string, n: number, tag: string): string[] {
  const stamp = Date.now();
  const slugs = Array.from({ length: n }, (_, i) => `${tag}-${stamp}-${i}`);
  const file = path.join(mkdtempSync(path.join(tmpdir(), "vm-notify-")), "cards.jsonl");
  writeFileSync(
    file,
    slugs
      .map((slug, i) =>
        JSON.stringify({ kind: "card", slug, name: `${tag} ${stamp} ${i}`, description: "A card for the alert test", stage }),
      )
      .join("\n"),
  );
  const imported = vmon(["import", file]);
  expect(imported.code, imported.stderr).toBe(0);
  return slugs;
}

/** The demo's first saved filter, which the demo account follows. */
async function followedFilter(request: import("@playwright/test").APIRequestContext) {
  const { token } = demoCredentials();
  const filters = (await (await request.get("/v1/cards/filters/", { headers: auth(token) })).json()).data as {
    id: number;
    name: string;
    params: { stages?: string[] };
  }[];
  return filters.sort((a, b) => a.id - b.id)[0]!;
}

test("the bell shows a new alert within seconds, with no reload", async ({ page, baseURL, request }) => {
  test.setTimeout(120_000);
  const watch = await watchPage(page, baseURL);
  await signIn(page);
  await page.goto("/notifications");
  await page.getByRole("button", { name: "Mark all read" }).click();
  await expect(bell(page)).toHaveAccessibleName("Notifications, none unread");
  await page.goto("/folders");
  const filter = await followedFilter(request);
  importCards(filter.params.stages![0]!, 1, "bell-card");
  // The matcher (every second), the notifications run (every 5 s) and the bell (every 4 s): no reload.
  await expect(bell(page)).toHaveAccessibleName(/^Notifications, \d+\+? unread$/, { timeout: 20_000 });
  expect(await watch.problems()).toEqual([]);
});

test("an alert leads to the filter's Only new view, and Mark seen reads it", async ({ page, baseURL, request }) => {
  test.setTimeout(120_000);
  const watch = await watchPage(page, baseURL);
  await signIn(page);
  const filter = await followedFilter(request);
  const slugs = importCards(filter.params.stages![0]!, 2, "seen-card");
  const title = `${filter.name}: 2 new cards`;
  await expect(async () => {
    await page.goto("/notifications");
    await expect(page.getByRole("link", { name: title })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  // (Opening the notification would mark it read: its address is followed here instead.)
  const href = `/cards?filter_id=${filter.id}&only_new=true`;
  await expect(page.getByRole("link", { name: title })).toHaveAttribute("href", href);
  await page.goto(href);
  const rows = page.getByTestId("card-table").locator("tbody tr");
  for (const slug of slugs) await expect(rows.locator(`a[href="/cards/${slug}"]`)).toBeVisible();
  await page.getByRole("button", { name: "Mark seen" }).click();
  await page.goto("/notifications");
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  await expect(page.getByRole("button", { name: `Mark read: ${title}` })).toHaveCount(0);
  expect(await watch.problems()).toEqual([]);
});
