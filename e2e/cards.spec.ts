import { expect, test } from "@playwright/test";
import { auth, demoCredentials, expectNoSeriousA11yViolation, listTable, signIn, watchPage } from "./support";

/** The analyst's card list and card page on the demo data, in Chromium. */

const { table, rows, settled } = listTable("card-table");

test.describe("/cards", () => {
  test("filters, sort and paging live in the URL; Back returns to the previous view", async ({ page, baseURL }) => {
    const watch = await watchPage(page, baseURL);
    await signIn(page);
    await settled(page);
    await expect(page.getByTestId("page-status")).toContainText(/Page 1 of [\d,]+ · [\d,]+ results/);
    // The page goes quiet once the list is there (no polling).
    await page.waitForLoadState("networkidle", { timeout: 10_000 });
    await expectNoSeriousA11yViolation(page, "/cards");

    // A stage from the Stage or round filter (its first list is the stages).
    await page.locator("summary", { hasText: /^Stage or round/ }).click();
    const firstStage = page.locator("details[open] fieldset label").first();
    const stageName = (await firstStage.textContent())!.trim();
    await firstStage.locator("input").click();
    await expect(page).toHaveURL(/[?&]stages=[^&]+/);
    await settled(page);
    for (const cell of await rows(page).locator("td:nth-child(3)").allTextContents()) expect(cell).toBe(stageName);
    await page.keyboard.press("Escape");

    // Sort by signals (header), then a larger page.
    await page.getByRole("button", { name: /^Signals/ }).click();
    await expect(page).toHaveURL(/sort=interactions_count(%3A|:)desc/);
    await settled(page);
    const counts = (await rows(page).locator("td:nth-child(7)").allTextContents()).map(Number);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    await page.getByLabel("Per page").selectOption("50");
    await expect(page).toHaveURL(/limit=50/);
    await settled(page);

    // A link reproduces the view.
    const url = page.url();
    await page.goto(url);
    await settled(page);
    await expect(page.getByLabel("Per page")).toHaveValue("50");
    await expect(page.locator("summary", { hasText: /^Stage or round \(1\)$/ })).toBeVisible();

    // Back undoes the page size, then the sort, across the reloaded page: the controls and the
    // rows follow the URL each time.
    await page.goBack();
    await expect(page).not.toHaveURL(/limit=50/);
    await expect(page.getByLabel("Per page")).not.toHaveValue("50");
    await settled(page);
    expect(await rows(page).count()).toBeLessThanOrEqual(20);
    await page.goBack();
    await expect(page).not.toHaveURL(/sort=/);
    await expect(page).toHaveURL(/stages=/);
    await expect(page.locator("th", { has: page.getByRole("button", { name: /^Signals/ }) })).not.toHaveAttribute(
      "aria-sort",
      "descending",
    );
    await expect(page.locator("summary", { hasText: /^Stage or round \(1\)$/ })).toBeVisible();

    // Forward redoes the sort; a change made after all this still goes through, and Back undoes it.
    await page.goForward();
    await expect(page).toHaveURL(/sort=interactions_count/);
    await settled(page);
    await page.getByLabel("Per page").selectOption("100");
    await expect(page).toHaveURL(/limit=100/);
    await settled(page);
    const sorted = (await rows(page).locator("td:nth-child(7)").allTextContents()).map(Number);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    await page.goBack();
    await expect(page).not.toHaveURL(/limit=100/);
    await expect(page.getByLabel("Per page")).not.toHaveValue("100");

    // A card opened from the list and Back, then again with a reload on the card's page: the same
    // view of the list each time.
    const listUrl = page.url();
    await settled(page);
    await rows(page).first().locator("a").first().click();
    await expect(page).toHaveURL(/\/cards\/[^/?]+$/);
    await page.goBack();
    await expect(page).toHaveURL(listUrl);
    await settled(page);
    await expect(page.locator("summary", { hasText: /^Stage or round \(1\)$/ })).toBeVisible();
    await rows(page).first().locator("a").first().click();
    await expect(page).toHaveURL(/\/cards\/[^/?]+$/);
    await page.reload();
    await page.goBack();
    await expect(page).toHaveURL(listUrl);
    await settled(page);
    await expect(page.locator("summary", { hasText: /^Stage or round \(1\)$/ })).toBeVisible();
    for (const cell of await rows(page).locator("td:nth-child(3)").allTextContents()) expect(cell).toBe(stageName);
    // ... and a change made there still goes through.
    await page.getByLabel("Per page").selectOption("50");
    await expect(page).toHaveURL(/limit=50/);
    await expect(page.getByLabel("Per page")).toHaveValue("50");
    await settled(page);
    expect(await rows(page).count()).toBeGreaterThan(20);
    expect(await watch.problems()).toEqual([]);
  });

  test("a view change asks for its cards once, at the click, not after the router's answer for the new route", async ({
    page,
    baseURL,
  }) => {
    const watch = await watchPage(page, baseURL);
    await signIn(page);
    await settled(page);
    await page.waitForLoadState("networkidle", { timeout: 10_000 });
    // In order: card list calls sent, and the router's answers for the new route (RSC). The page
    // asks for the next view's cards as the change is made, so the call does not wait for them.
    let sent: ("list" | "route answered")[] = [];
    const isRoute = (r: import("@playwright/test").Request) => r.headers()["rsc"] === "1" && !r.headers()["next-router-prefetch"];
    page.on("request", (r) => {
      if (r.url().includes("/api/trpc/") && r.url().includes("cards.list")) sent.push("list");
    });
    page.on("response", (r) => {
      if (isRoute(r.request())) sent.push("route answered");
    });
    const changes: [string, () => Promise<void>][] = [
      [
        "a stage",
        async () => {
          await page.locator("summary", { hasText: /^Stage or round/ }).click();
          await page.locator("details[open] fieldset label").first().locator("input").click();
        },
      ],
      ["a sort header", () => page.getByRole("button", { name: /^Signals/ }).click()],
      ["the next page", () => page.getByRole("button", { name: "Next" }).click()],
    ];
    for (const [label, change] of changes) {
      sent = [];
      const before = page.url();
      await change();
      await expect(page).not.toHaveURL(before);
      await settled(page);
      await page.waitForLoadState("networkidle", { timeout: 10_000 });
      expect(
        sent.filter((k) => k === "list"),
        label,
      ).toHaveLength(1);
      expect(sent.indexOf("list"), `${label}: ${sent.join(", ")}`).toBe(0);
      await page.keyboard.press("Escape");
    }
    expect(await watch.problems()).toEqual([]);
  });

  test("keyboard: / focuses search, j/k move, Enter opens, Esc returns with the filters", async ({ page, baseURL }) => {
    const watch = await watchPage(page, baseURL);
    await signIn(page);
    await settled(page);
    await page.keyboard.press("/");
    await expect(page.getByLabel("Search cards")).toBeFocused();
    await page.keyboard.type("data");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/search=data/);
    await settled(page);
    // Esc leaves the search box (keeping what was typed), so the list's keys work.
    await page.keyboard.press("Escape");
    await expect(page.getByLabel("Search cards")).not.toBeFocused();
    await expect(page.getByLabel("Search cards")).toHaveValue("data");
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await page.keyboard.press("k");
    const active = table(page).locator("tbody tr[data-active=true]");
    await expect(active).toHaveCount(1);
    const name = (await active.locator("a").first().textContent())!;
    expect(await rows(page).nth(0).getAttribute("data-active")).toBe("true");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/cards\?search=data$/);
    await expect(page.getByLabel("Search cards")).toHaveValue("data");
    expect(await watch.problems()).toEqual([]);
  });

  test("the column chooser is remembered; a bad filter in the URL says what to do", async ({ page }) => {
    await signIn(page);
    await settled(page);
    const header = table(page).locator("thead th");
    await expect(header.filter({ hasText: /^Round$/ })).toHaveCount(1);
    await page.locator("summary", { hasText: /^Columns$/ }).click();
    await page.getByRole("group", { name: "Shown columns" }).getByLabel("Round").uncheck();
    await page.getByRole("group", { name: "Shown columns" }).getByLabel("Added").check();
    await expect(header.filter({ hasText: /^Round$/ })).toHaveCount(0);
    await page.reload();
    await settled(page);
    await expect(header.filter({ hasText: /^Round$/ })).toHaveCount(0);
    await expect(header.filter({ hasText: /^Added/ })).toHaveCount(1);

    await page.goto("/cards?min_signals=lots");
    const alert = page.getByRole("alert").filter({ hasText: "Could not load this list" });
    await expect(alert).toContainText("min_signals");
    await expect(alert).toContainText("Check the filters");
    await page.goto("/cards?search=zzzz-no-card-has-this-name-zzzz");
    await expect(table(page).locator("tbody")).toContainText("No card matches these filters.");
    await table(page).getByRole("button", { name: "Clear the filters" }).click();
    await expect(page).toHaveURL(/\/cards$/);
    await settled(page);
  });

  test("type-ahead filters: a participant by name, a location out of the tree; the total follows the REST API", async ({
    page,
    request,
  }) => {
    const { token } = demoCredentials();
    await signIn(page);
    await settled(page);
    const participants = (await (await request.get("/v1/participants/?limit=1", { headers: auth(token) })).json()).data;
    const p = participants[0] as { name: string; slug: string };
    await page.locator("summary", { hasText: /^Participants/ }).click();
    await page.getByLabel("Find participants").fill(p.name.slice(0, 6));
    // Each suggestion is the name, then what tells same-name participants apart (type, firm, place, activity).
    await page
      .getByRole("list", { name: "Participants suggestions" })
      .getByRole("button", { name: new RegExp(`^${p.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} — `) })
      .first()
      .click();
    // A participant of that name (same-name ones differ only in the slug's last part).
    await expect(page).toHaveURL(new RegExp(`participants=${p.slug.replace(/-[^-]+$/, "")}-`));
    await settled(page);

    await page.locator("summary", { hasText: /^Locations/ }).click();
    const find = page.getByLabel("Find locations");
    await find.fill("a");
    const firstLocation = page.locator("details[open] fieldset label").first();
    await firstLocation.locator("input").click();
    await expect(page).toHaveURL(/locations=[^&]+/);
    await expect(table(page)).toHaveAttribute("aria-busy", "false");

    const q = new URL(page.url()).search;
    const api = await (await request.get(`/v1/cards/${q}&include_total=true&limit=1`, { headers: auth(token) })).json();
    const total = api.pagination.total as number;
    if (total > 0) await expect(page.getByTestId("page-status")).toContainText(`${total.toLocaleString("en")} results`);
    else await expect(table(page).locator("tbody")).toContainText("No card matches these filters.");
  });

  test("exports every card matching the filter as CSV", async ({ page, request }) => {
    const { token } = demoCredentials();
    await signIn(page);
    await page.goto("/cards?trending=true");
    await settled(page);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"));
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^slug,name,url,stage,round,location,categories,signals/);
    const api = await request.get("/v1/cards/?trending=true&include_total=true&limit=1", { headers: auth(token) });
    const total = (await api.json()).pagination.total as number;
    expect(lines.length - 1).toBe(total);
    // A bad filter is a 400, not a broken file.
    const bad = await page.request.get("/api/cards/export?min_signals=lots");
    expect(bad.status()).toBe(400);
  });

  test("the CSV export answers 401 without a session", async ({ request }) => {
    const res = await request.get("/api/cards/export?trending=true");
    expect(res.status()).toBe(401);
    expect(await res.json()).toEqual({ error: "not_authenticated", message: "Sign in to export cards." });
  });

  test("selected rows go into a new folder in one step", async ({ page, baseURL }) => {
    const watch = await watchPage(page, baseURL);
    await signIn(page);
    await settled(page);
    const names = [];
    for (const i of [0, 1, 2]) {
      await rows(page).nth(i).getByRole("checkbox").check();
      names.push((await rows(page).nth(i).locator("a").first().textContent())!);
    }
    await page.getByLabel(/Add 3 selected to/).selectOption("new");
    const folder = `Shortlist ${Date.now()}`;
    await page.getByLabel("New folder name").fill(folder);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText(`Added to ${folder} (3 cards).`);
    // The folder filter now lists exactly those cards.
    await page.locator("summary", { hasText: /^Folders/ }).click();
    await page.getByLabel(`${folder} (3)`).click();
    await expect(page).toHaveURL(/folder_ids=\d+/);
    await settled(page);
    await expect(rows(page)).toHaveCount(3);
    expect((await rows(page).locator("td:nth-child(2) a").allTextContents()).sort()).toEqual(names.sort());
    expect(await watch.problems()).toEqual([]);
  });

  test("usable at 390 px: filters wrap, the table scrolls sideways, a card opens", async ({ page, baseURL }) => {
    const watch = await watchPage(page, baseURL);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await settled(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(400);
    await expect(page.getByLabel("Search cards")).toBeInViewport();
    // The filters sit behind the Filters button; an open filter popover stays inside the screen, wherever its button wrapped to.
    await page.getByRole("button", { name: /^Filters/ }).click();
    for (const label of [/^Folders/, /^Categories/]) {
      await page.locator("summary", { hasText: label }).click();
      await expect(page.locator("details[open] > div")).toBeInViewport({ ratio: 1 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
      await page.locator("summary", { hasText: label }).click();
    }
    await rows(page).first().locator("a").first().click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    await expect(page.getByLabel("Private note")).toBeVisible();
    expect(await watch.problems()).toEqual([]);
  });
});

test.describe("/cards/<slug>", () => {
  /** A demo card with interactions that is open to intro (found through the REST API). */
  async function pickCard(request: import("@playwright/test").APIRequestContext): Promise<{ slug: string; name: string }> {
    const { token } = demoCredentials();
    const r = await request.get("/v1/cards/?sort=trending&limit=100", { headers: auth(token) });
    const cards = (await r.json()).data as { slug: string; name: string; open_to_intro: boolean; interactions_count: number }[];
    const c = cards.find((x) => x.open_to_intro && x.interactions_count > 20) ?? cards.find((x) => x.open_to_intro);
    if (!c) throw new Error("the demo data has no card open to intro");
    return c;
  }

  test("shows the card, chart and history; like, note, folder and intro persist", async ({ page, baseURL, request }) => {
    const watch = await watchPage(page, baseURL);
    const card = await pickCard(request);
    await signIn(page);
    await page.goto(`/cards/${card.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(card.name);
    await expect(page.getByTestId("signals-chart").locator("svg.recharts-surface")).toBeVisible();
    await expect(page.getByTestId("interactions").locator("li").first()).toBeVisible();
    await expect(page.getByTestId("similar-cards").locator("li").first()).toBeVisible();
    await page.waitForLoadState("networkidle", { timeout: 10_000 });
    await expectNoSeriousA11yViolation(page, "/cards/<slug>");

    // Interaction history pages on.
    const firstPage = await page.getByTestId("interactions").locator("li").first().textContent();
    await page.getByTestId("interactions").locator("..").getByRole("button", { name: "Next" }).click();
    await expect(page.getByTestId("interactions").locator("li").first()).not.toHaveText(firstPage!);

    // Like.
    const like = page.getByRole("button", { name: /Like/ });
    const wasLiked = (await like.getAttribute("aria-pressed")) === "true";
    await like.click();
    await expect(like).toHaveAttribute("aria-pressed", String(!wasLiked));

    // Note saves itself.
    const note = `Met at the demo day ${Date.now()}`;
    await page.getByLabel("Private note").fill(note);
    await expect(page.getByTestId("note-status")).toHaveText("Saved");

    // A folder created in place gets the card.
    const folder = `Card folder ${Date.now()}`;
    await page.getByLabel("New folder name").fill(folder);
    await page.getByRole("button", { name: "Create and add" }).click();
    await expect(page.getByLabel(folder)).toBeChecked();

    // Intro request with a message.
    const intro = page.getByRole("button", { name: "Withdraw the request" });
    if (await intro.isVisible()) await intro.click();
    await page.getByLabel("Request an intro").fill("Could you introduce us?");
    await page.getByRole("button", { name: "Request intro" }).click();
    await expect(page.getByText(/Intro requested/)).toBeVisible();

    // Everything is still there after a reload.
    await page.reload();
    await expect(page.getByRole("button", { name: /Like/ })).toHaveAttribute("aria-pressed", String(!wasLiked));
    await expect(page.getByLabel("Private note")).toHaveValue(note);
    await expect(page.getByLabel(folder)).toBeChecked();
    await expect(page.getByText(/Intro requested/)).toBeVisible();

    // Removing the card from the folder.
    await page.getByLabel(folder).click();
    await expect(page.getByLabel(folder)).not.toBeChecked();
    await page.reload();
    await expect(page.getByLabel(folder)).not.toBeChecked();
    expect(await watch.problems()).toEqual([]);
  });

  test("an unknown card says so: HTTP 404 inside the workspace", async ({ page }) => {
    await signIn(page);
    const res = await page.goto("/cards/no-such-card-anywhere");
    expect(res!.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the cards" })).toBeVisible();
  });
});
