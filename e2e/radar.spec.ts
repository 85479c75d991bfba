import { expect, test, type Page } from "@playwright/test";
import { networkBUsername } from "../server/domain/demo/network-b";
import { auth, demoCredentials, expectNoSeriousA11yViolation, signIn, watchPage } from "./support";

/**
 * /radar and /radar/updates in Chromium on the demo account's radar (server/domain/demo/radar.ts):
 * 12 network_a and 6 network_b connections (one not tracked), one idle network_a application, one
 * failed network_b application, updates of every change type over the last weeks.
 */

const table = (page: Page, id: "connection-table" | "application-table") => page.getByTestId(id);
const rows = (page: Page, id: "connection-table" | "application-table") => table(page, id).locator("tbody tr");
const settled = async (page: Page, id: "connection-table" | "application-table") => {
  await expect(table(page, id)).toHaveAttribute("aria-busy", "false");
  await expect(rows(page, id).first()).toBeVisible();
};
/** The "used" figure of a network's quota meter. */
const used = async (page: Page, source: "network_a" | "network_b") => {
  const text = await page.getByTestId(`quota-${source}-text`).textContent();
  return Number(/^(\d+) of/.exec(text ?? "")?.[1] ?? NaN);
};
const expectUsed = (page: Page, source: "network_a" | "network_b", n: number) =>
  expect(page.getByTestId(`quota-${source}-text`)).toHaveText(new RegExp(`^${n} of \\d+ used`));
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

test.describe("radar", () => {
  test("follow one and a pasted list, retry the failed application, tracking and bulk actions, the quota meter", async ({
    page,
    baseURL,
    request,
  }) => {
    test.setTimeout(180_000);
    // The demo's network A connections, and those other specs followed from founder profiles.
    const listed = await request.get("/v1/radar/connections/network_a/?limit=1", { headers: auth(demoCredentials().token) });
    const connectionsA = ((await listed.json()) as { pagination: { total: number } }).pagination.total;
    const watch = await watchPage(page, baseURL);
    await signIn(page);
    await page.getByRole("link", { name: "Radar", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Radar", level: 1 })).toBeVisible();
    await settled(page, "connection-table");
    await expect(rows(page, "connection-table")).toHaveCount(connectionsA);
    // Nothing queued: no polling, the page goes network-idle.
    await page.waitForLoadState("networkidle");
    await expectNoSeriousA11yViolation(page, "/radar");

    // Network B: the state is in the URL.
    await page.getByLabel("Network", { exact: true }).selectOption("network_b");
    await expect(page).toHaveURL(/source=network_b/);
    await settled(page, "connection-table");
    const b0 = await used(page, "network_b");

    // Follow one: an application, the quota takes it, the worker turns it into a connection and the
    // result line says so without a reload.
    const one = networkBUsername(40);
    await page.getByLabel("Profile URL, username or id").fill(`@${one}`);
    await page.getByRole("button", { name: "Follow", exact: true }).click();
    await expect(page.getByTestId("follow-results")).toContainText(`@${one}`);
    await expect(page.getByTestId("follow-results").locator("li")).toHaveAttribute("data-kind", "connected", { timeout: 30_000 });
    await expect(page.getByTestId("follow-results")).toContainText(`Connected · @${one}`);
    await expectUsed(page, "network_b", b0 + 1);
    await expect(rows(page, "connection-table").filter({ hasText: `@${one}` })).toHaveCount(1, { timeout: 30_000 });

    // A pasted list: one created, one already a connection, one refused.
    const two = networkBUsername(41);
    await page.getByRole("button", { name: "Paste a list" }).click();
    await page.getByLabel("Profiles, one per line").fill([two, one, "not a username!"].join("\n"));
    await page.getByRole("button", { name: "Follow all" }).click();
    const results = page.getByTestId("follow-results").locator("li");
    await expect(results).toHaveCount(3);
    await expect(results.nth(0)).toHaveAttribute("data-kind", "connected", { timeout: 30_000 });
    await expect(results.nth(1)).toHaveAttribute("data-kind", "already_connection");
    await expect(results.nth(1)).toContainText("Already a connection");
    await expect(results.nth(2)).toHaveAttribute("data-kind", "refused");
    await expect(results.nth(2)).toContainText("username");
    await expectUsed(page, "network_b", b0 + 2);
    await expect(rows(page, "connection-table").filter({ hasText: `@${two}` })).toHaveCount(1, { timeout: 30_000 });

    // Applications: the failed one with its error; Retry queues it, it fails again (attempt 2), no reload.
    await page.getByRole("link", { name: "Network B applications" }).click();
    await expect(page).toHaveURL(/tab=applications/);
    await settled(page, "application-table");
    const failed = rows(page, "application-table").filter({ hasText: "no_such_profile_demo" });
    await expect(failed.getByTestId("application-status")).toHaveText("failed");
    await expect(failed.getByTestId("application-error")).toContainText("Profile not found");
    await expect(failed.getByTestId("application-error")).toContainText("attempt 1");
    await failed.getByRole("button", { name: "Retry no_such_profile_demo" }).click();
    await expect(failed.getByTestId("application-error")).toContainText("attempt 2", { timeout: 30_000 });
    await expect(failed.getByTestId("application-status")).toHaveText("failed");

    // Network A's idle application: tracking on queues it and it becomes a connection.
    await page.getByLabel("Network", { exact: true }).selectOption("network_a");
    await expect(page).toHaveURL(/source=network_a/);
    await page.getByRole("link", { name: "Network A applications" }).click();
    await settled(page, "application-table");
    // Other specs may have followed on the demo account too (the MCP specs' radar_follow): find the
    // seeded idle application by its status, then follow it by its name.
    const idleRows = rows(page, "application-table").filter({
      has: page.getByTestId("application-status").getByText("idle", { exact: true }),
    });
    await expect(idleRows).toHaveCount(1);
    const idleName = (await idleRows.locator("td").first().innerText()).trim();
    const idle = rows(page, "application-table").filter({ hasText: idleName });
    // The switches show the server's state: click, then wait for it.
    await idle.getByRole("switch").click();
    await expect(idle).toHaveCount(0, { timeout: 30_000 });

    // Connections of network A: a tracking toggle frees a place in the quota, and takes it back.
    await page.getByRole("link", { name: "Network A connections" }).click();
    await settled(page, "connection-table");
    await expect(rows(page, "connection-table")).toHaveCount(connectionsA + 1);
    const a0 = await used(page, "network_a");
    const first = rows(page, "connection-table").first();
    await first.getByRole("switch").click();
    await expectUsed(page, "network_a", a0 - 1);
    await expect(first.getByRole("switch")).not.toBeChecked();
    await first.getByRole("switch").click();
    await expectUsed(page, "network_a", a0);
    await expect(first.getByRole("switch")).toBeChecked();

    // Bulk tracking of two selected rows.
    for (const i of [1, 2])
      await rows(page, "connection-table")
        .nth(i)
        .getByRole("checkbox", { name: /^Select row/ })
        .check();
    await expect(page.getByTestId("selected-count")).toHaveText("2 selected");
    await page.getByRole("button", { name: "Stop tracking selected" }).click();
    await expect(page.getByRole("status").filter({ hasText: "2 connection(s) no longer tracked." })).toBeVisible();
    await expectUsed(page, "network_a", a0 - 2);
    await expect(page.getByTestId("selected-count")).toHaveText("0 selected");
    await page.getByLabel("Filter by tracking").selectOption("false");
    await expect(page).toHaveURL(/is_tracking=false/);
    await expect(rows(page, "connection-table")).toHaveCount(2);
    await page.getByRole("checkbox", { name: "Select all rows on this page" }).check();
    await page.getByRole("button", { name: "Track selected" }).click();
    await expectUsed(page, "network_a", a0);
    await expect(page.getByText(/No connection here/)).toBeVisible();
    await page.getByLabel("Filter by tracking").selectOption("");
    await expect(page).not.toHaveURL(/is_tracking/);

    // Bulk delete: the two network_b connections followed above.
    await page.getByLabel("Network", { exact: true }).selectOption("network_b");
    await expect(page).toHaveURL(/source=network_b/);
    await settled(page, "connection-table");
    const bNow = await used(page, "network_b");
    for (const name of [one, two])
      await rows(page, "connection-table")
        .filter({ hasText: `@${name}` })
        .getByRole("checkbox")
        .check();
    await page.getByRole("button", { name: "Delete selected" }).click();
    await page.getByRole("button", { name: "Yes, disconnect 2" }).click();
    await expect(page.getByRole("status").filter({ hasText: "2 connection(s) disconnected." })).toBeVisible();
    await expectUsed(page, "network_b", bNow - 2);
    await expect(rows(page, "connection-table").filter({ hasText: `@${one}` })).toHaveCount(0);

    // A connection's Updates link opens the feed filtered on it.
    await rows(page, "connection-table")
      .first()
      .getByRole("link", { name: /^Updates of/ })
      .click();
    await expect(page).toHaveURL(/\/radar\/updates\?source=network_b&connection_id=\d+/);
    await expect(page.getByTestId("update-item").first()).toBeVisible();

    expect(await watch.problems()).toEqual([]);
  });

  test("the updates feed: filters in the URL, before and after, links", async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const watch = await watchPage(page, baseURL);
    await signIn(page);
    await page.goto("/radar/updates");
    const items = page.getByTestId("update-item");
    await expect(items.first()).toBeVisible();
    await expect(page.getByTestId("update-feed")).toHaveAttribute("aria-busy", "false");
    await expect(page.getByTestId("page-status")).toContainText("results");
    await page.waitForLoadState("networkidle");
    await expectNoSeriousA11yViolation(page, "/radar/updates");

    // Newest first.
    const times = await items.locator("time").evaluateAll((ts) => ts.map((t) => t.getAttribute("datetime") ?? ""));
    expect(times).toEqual([...times].sort().reverse());

    // Network.
    await page.getByLabel("Network", { exact: true }).selectOption("network_b");
    await expect(page).toHaveURL(/source=network_b/);
    await expect(items.first()).toBeVisible();
    await expect(page.getByTestId("update-feed")).toHaveAttribute("aria-busy", "false");
    expect(new Set(await items.evaluateAll((li) => li.map((l) => l.getAttribute("data-change-type"))))).toEqual(new Set(["bio_change"]));
    // A bio change: before and after side by side, the changed words marked.
    const bio = items.first();
    await expect(bio.getByText("Before", { exact: true })).toBeVisible();
    await expect(bio.getByText("After", { exact: true })).toBeVisible();
    await expect(bio.locator("mark[data-changed]").first()).toBeVisible();

    // Change type (the popover of the change types).
    await page.getByLabel("Network", { exact: true }).selectOption("");
    await expect(page).toHaveURL(/\/radar\/updates$/);
    await page.locator("summary", { hasText: /^Change type/ }).click();
    // The box shows the URL's state: click, then wait for the URL.
    await page.getByRole("checkbox", { name: "Career change" }).click();
    await expect(page).toHaveURL(/change_types=career_change/);
    await expect(page.getByTestId("update-feed")).toHaveAttribute("aria-busy", "false");
    await expect(items.first()).toBeVisible();
    expect(new Set(await items.evaluateAll((li) => li.map((l) => l.getAttribute("data-change-type"))))).toEqual(new Set(["career_change"]));
    await expect(items.first().getByText("Current position")).toBeVisible();
    await page.locator("summary", { hasText: /^Change type/ }).click();

    // Connection (named with its network).
    await page.getByLabel("Network", { exact: true }).selectOption("network_a");
    await expect(page).toHaveURL(/source=network_a/);
    await expect(page.getByTestId("update-feed")).toHaveAttribute("aria-busy", "false");
    const name = (await items.first().locator("h2 a").textContent())!;
    const connection = page.getByLabel("Connection", { exact: true });
    await expect(connection.locator("option", { hasText: name })).toBeAttached();
    await connection.selectOption({ label: name });
    await expect(page).toHaveURL(/connection_id=\d+/);
    await expect(page.getByTestId("update-feed")).toHaveAttribute("aria-busy", "false");
    const names = await items.locator("h2 a").allTextContents();
    expect(new Set(names)).toEqual(new Set([name]));

    // Date range: the last ten days only.
    await page.goto("/radar/updates");
    await page.locator("summary", { hasText: /^Detected/ }).click();
    await page.getByLabel("From").fill(day(-10));
    await expect(page).toHaveURL(new RegExp(`detected_after=${day(-10)}`));
    await expect(page.getByTestId("update-feed")).toHaveAttribute("aria-busy", "false");
    await expect(items.first()).toBeVisible();
    const recent = await items.locator("time").evaluateAll((ts) => ts.map((t) => t.getAttribute("datetime") ?? ""));
    expect(recent.every((t) => t.slice(0, 10) >= day(-10))).toBe(true);
    await page.getByLabel("To").fill(day(-15));
    await expect(page.getByText("No update matches these filters.")).toBeVisible();
    await page.getByRole("button", { name: "Clear the filters" }).click();
    await expect(page).toHaveURL(/\/radar\/updates$/);

    // Links: founder profile and card of a network_a connection.
    await page.getByLabel("Network", { exact: true }).selectOption("network_a");
    await expect(page).toHaveURL(/source=network_a/);
    await expect(page.getByTestId("update-feed")).toHaveAttribute("aria-busy", "false");
    const withCard = items.filter({ has: page.getByRole("link", { name: "Card", exact: true }) }).first();
    await expect(withCard.getByRole("link", { name: "Founder profile" })).toHaveAttribute("href", /^\/founders\/\d+$/);
    await withCard.getByRole("link", { name: "Card", exact: true }).click();
    await expect(page).toHaveURL(/\/cards\/[^/]+$/);
    await expect(page.getByRole("heading", { name: "Interactions" })).toBeVisible();

    expect(await watch.problems()).toEqual([]);
  });

  test("usable at 390 px", async ({ page, baseURL }) => {
    const watch = await watchPage(page, baseURL);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    for (const path of ["/radar", "/radar?tab=applications&source=network_b", "/radar/updates"]) {
      await page.goto(path);
      await expect(
        page.getByTestId(path === "/radar/updates" ? "update-item" : path === "/radar" ? "connection-table" : "application-table").first(),
      ).toBeVisible();
      await page.waitForLoadState("networkidle");
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(400);
    }
    await expect(page.getByLabel("Network", { exact: true })).toBeInViewport();
    expect(await watch.problems()).toEqual([]);
  });
});
