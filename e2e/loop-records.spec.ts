import { expect, test, type Page } from "@playwright/test";
import { auth, demoCredentials, expectNoSeriousA11yViolation, listTable, signIn, watchPage } from "./support";

/**
 * The analyst's records loop (issue 38): why a card surfaced (its signals' source, person and
 * fund), the lists' sorted column and first click on Name, coming back to the opened row,
 * same-name participants told apart (list and the /cards picker), founders that lead somewhere
 * (a row opens the profile; Follow on radar; linked cards), `[`/`]` through the list on a card
 * page, and the same at 390 px (stacked rows, a card's actions before its history).
 */

const cards = listTable("card-table");
const participants = listTable("participant-list");
const founders = listTable("profile-table");
const SOURCES = /^(Social|Launch board|Network A|Code host|New company)$/;

const noSideways = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);

/** The address of each row's first link (its record), in order. */
const rowLinks = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator("tbody tr")
    .evaluateAll((trs) => trs.map((tr) => new URL(tr.querySelector("a")!.href).pathname));

test.describe("desktop", () => {
  test("why a card surfaced: each signal shows its source, the person and the fund", async ({ page, baseURL }) => {
    const watch = await watchPage(page, baseURL);
    await signIn(page);
    await cards.settled(page);
    // The default sort (latest signal) is marked on its column.
    const last = cards.table(page).locator("thead th", { hasText: /^Last signal/ });
    await expect(last).toHaveAttribute("aria-sort", "descending");
    await expect(last).toContainText("▼");

    await cards.rows(page).first().locator("td:nth-child(2) a").click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const signal = page.getByTestId("signal").first();
    await expect(signal.getByTestId("signal-source")).toHaveText(SOURCES);
    await expect(signal).toContainText(/by .+ \((Fund|Investor|Angel|Founder|Accelerator|Syndicate)\)/);
    await expect(signal.locator("time")).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    // A signal made for a fund names it.
    const forFund = page.getByTestId("signal").filter({ hasText: / for / });
    if ((await forFund.count()) > 0) await expect(forFund.first()).toContainText(/ for .+ \(Fund\)/);
    await page.waitForLoadState("networkidle");
    await expectNoSeriousA11yViolation(page, "/cards/<slug> signals");

    // The person opens their page, whose signals say the same and name the card.
    const person = signal.getByRole("link").first();
    const who = (await person.textContent())!.trim();
    await person.click();
    await expect(page.getByRole("heading", { name: who, level: 1 })).toBeVisible();
    const theirs = page.getByTestId("signal").first();
    await expect(theirs.getByTestId("signal-source")).toHaveText(SOURCES);
    await expect(theirs.locator("a[href^='/cards/']")).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoSeriousA11yViolation(page, "/participants/<slug> signals");
    expect(await watch.problems()).toEqual([]);
  });

  test("tables: a first click on Name sorts A to Z; the sorted column is shown and marked even when hidden", async ({ page, baseURL }) => {
    const watch = await watchPage(page, baseURL);
    await signIn(page);
    await cards.settled(page);
    await page.getByRole("button", { name: /^Name/ }).click();
    await expect(page).toHaveURL(/sort=name(%3A|:)asc/);
    await cards.settled(page);
    const name = cards.table(page).locator("thead th", { hasText: /^Name/ });
    await expect(name).toHaveAttribute("aria-sort", "ascending");
    await expect(name).toContainText("▲");
    await expect(cards.table(page).locator("thead th[aria-sort]")).toHaveCount(1);

    // Hide the Signals column, then sort by a preset led by it: the column comes back, marked.
    await page.locator("summary", { hasText: "Columns" }).click();
    await page
      .locator("details[open] label", { hasText: /^Signals$/ })
      .locator("input")
      .uncheck();
    await expect(cards.table(page).locator("thead th", { hasText: /^Signals/ })).toHaveCount(0);
    await page.locator("summary", { hasText: "Columns" }).click();
    await page.goto("/cards?sort=trending");
    await cards.settled(page);
    const signals = cards.table(page).locator("thead th", { hasText: /^Signals/ });
    await expect(signals).toHaveAttribute("aria-sort", "descending");
    await page.locator("summary", { hasText: "Columns" }).click();
    await expect(page.locator("details[open] label", { hasText: /^Signals/ }).locator("input")).toBeDisabled();
    await expect(page.locator("details[open] label", { hasText: /^Signals/ })).toContainText("(sorted)");
    await page.waitForLoadState("networkidle");
    await expectNoSeriousA11yViolation(page, "/cards sorted by a hidden column");
    expect(await watch.problems()).toEqual([]);
  });

  test("coming back to a list restores the opened row (scroll and focus)", async ({ page, baseURL }) => {
    const watch = await watchPage(page, baseURL);
    await signIn(page);
    await page.goto("/participants");
    await participants.settled(page);
    const row = participants.rows(page).nth(40);
    const link = row.locator("a").first();
    const id = await row.getAttribute("data-row-id");
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/participants/${id}$`));
    await expect(page.getByRole("heading", { name: "Interactions" })).toBeVisible();
    await page.goBack();
    await participants.settled(page);
    const back = participants.table(page).locator(`tr[data-row-id="${id}"]`);
    await expect(back.locator("a").first()).toBeFocused();
    await expect(back).toBeInViewport();
    await expect(back).toHaveAttribute("data-active", "true");
    // The list scrolled to the row: the page or the table's own scroller (wide screens keep the header
    // in view by scrolling the table inside a bounded box).
    const scrolled = await back.evaluate((el) => {
      let total = window.scrollY;
      for (let node = el.parentElement; node; node = node.parentElement) total += node.scrollTop;
      return total;
    });
    expect(scrolled).toBeGreaterThan(200);
    expect(await watch.problems()).toEqual([]);
  });

  test("same-name participants: type, firm, place and activity beside each, busiest first; the same in the /cards picker", async ({
    page,
    baseURL,
  }) => {
    const watch = await watchPage(page, baseURL);
    await signIn(page);
    await page.goto("/participants?search=Syndicate&type=syndicate");
    await participants.settled(page);
    await expect(participants.table(page).locator("thead th", { hasText: /^Signals \/ 30 days/ })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    const names = await participants.rows(page).locator("td:nth-child(1) a").allTextContents();
    const counts = (await participants.column(page, "Signals / 30 days")).map(Number);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    for (const t of await participants.column(page, "Type")) expect(t).toBe("syndicate");
    // Every row says where it signals once the places are read.
    await expect(participants.table(page).locator("tbody td", { hasText: "…" })).toHaveCount(0);
    const places = await participants.column(page, "Signals in");
    expect(places.filter((p) => p !== "—").length).toBeGreaterThan(0);
    // The demo has syndicates sharing a name: they are told apart by the other columns.
    const dup = names.find((n, i) => names.indexOf(n) !== i);
    expect(dup, "two syndicates with the same name").toBeDefined();
    await expect(participants.table(page).locator("thead th", { hasText: /^Firm/ })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoSeriousA11yViolation(page, "/participants same names");

    // The /cards participants filter: each option carries the same facts.
    await page.goto("/cards");
    await cards.settled(page);
    await page.locator("summary", { hasText: /^Participants/ }).click();
    await page.getByLabel("Find participants").fill(dup!);
    const options = page.getByRole("list", { name: "Participants suggestions" }).getByRole("listitem");
    await expect(options.first()).toContainText(`${dup} — syndicate`);
    await expect(options.first()).toContainText(/signals? \/ 30 days/);
    await expect(options.filter({ hasText: /signals in / }).first()).toBeVisible();
    expect(await options.count()).toBeGreaterThan(1);
    await expectNoSeriousA11yViolation(page, "/cards participants picker open");
    await options.first().getByRole("button").click();
    await expect(page).toHaveURL(/participants=/);
    await page.locator("summary", { hasText: /^Participants/ }).click();
    await cards.settled(page);
    await expectNoSeriousA11yViolation(page, "/cards filtered by a participant");
    expect(await watch.problems()).toEqual([]);
  });

  test("founders: a row opens the profile; Follow on radar creates the application; linked cards", async ({ page, baseURL, request }) => {
    const watch = await watchPage(page, baseURL);
    const { token } = demoCredentials();
    await signIn(page);
    // A page of profiles no earlier run followed (the tests may run again on the same data).
    await page.goto(`/founders?offset=${50 * (Date.now() % 40)}`);
    await founders.settled(page);
    const name = (await founders.rows(page).nth(2).locator("a").first().textContent())!.trim();
    // A click anywhere on the row (here its Location cell) opens it.
    await founders.rows(page).nth(2).locator("td").nth(2).click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    const id = page.url().split("/").pop()!;
    const profile = (await (await request.get(`/v1/network_a/profiles/${id}/`, { headers: auth(token) })).json()).data;

    const follow = page.getByRole("region", { name: "Follow on radar" });
    await expect(follow.getByLabel("Network")).toHaveValue("network_a");
    await expect(follow.getByLabel("Profile URL or username")).toHaveValue(profile.network_a.url ?? profile.network_a.urn);
    await expect(page.getByRole("heading", { name: "Linked cards" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoSeriousA11yViolation(page, "/founders/<id> follow");
    await follow.getByRole("button", { name: "Follow on radar" }).click();
    await expect(page.getByTestId("toast")).toContainText(`Following ${profile.name} on radar`);
    // The radar has it: still an application, or already processed into a connection.
    const read = async (path: string) =>
      (await (await request.get(`/v1/radar/${path}/network_a/?limit=100&sort=recent&order=desc`, { headers: auth(token) })).json())
        .data as { network_a_url?: string | null; url?: string | null; username: string | null }[];
    await expect
      .poll(async () =>
        [...(await read("applications")), ...(await read("connections"))].some(
          (x) => (x.network_a_url ?? x.url) === profile.network_a.url || x.username === profile.network_a.urn,
        ),
      )
      .toBe(true);
    expect(await watch.problems()).toEqual([]);
  });

  test("a profile's linked card opens the card", async ({ page, baseURL, request }) => {
    const { token } = demoCredentials();
    const list = (await (await request.get("/v1/cards/?limit=40", { headers: auth(token) })).json()).data as { slug: string }[];
    let linked: { slug: string; profile: number } | undefined;
    for (const c of list) {
      const d = (await (await request.get(`/v1/cards/${c.slug}/`, { headers: auth(token) })).json()).data;
      if (d.network_a_profile) {
        linked = { slug: c.slug, profile: d.network_a_profile.id };
        break;
      }
    }
    expect(linked, "a demo card with a founder profile").toBeDefined();
    const watch = await watchPage(page, baseURL);
    await signIn(page);
    await page.goto(`/founders/${linked!.profile}`);
    await page.getByTestId("linked-cards").locator(`a[href="/cards/${linked!.slug}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/cards/${linked!.slug}$`));
    expect(await watch.problems()).toEqual([]);
  });

  test("[ and ] walk the list a card was opened from, across its pages", async ({ page, baseURL, request }) => {
    const { token } = demoCredentials();
    const total = (await (await request.get("/v1/cards/?sort=name:asc&limit=1&include_total=true", { headers: auth(token) })).json())
      .pagination.total as number;
    const watch = await watchPage(page, baseURL);
    await signIn(page);
    await page.goto("/cards?sort=name:asc&limit=5");
    await cards.settled(page);
    const links = await rowLinks(page, "card-table");
    expect(links).toHaveLength(5);
    await cards.rows(page).nth(1).locator("td:nth-child(2) a").click();
    await expect(page).toHaveURL(new RegExp(`${links[1]}$`));
    const trail = page.getByTestId("card-trail");
    await expect(trail).toContainText(`2 of ${total}`);
    await page.keyboard.press("]");
    await expect(page).toHaveURL(new RegExp(`${links[2]}$`));
    await expect(trail).toContainText(`3 of ${total}`);
    await page.keyboard.press("[");
    await expect(page).toHaveURL(new RegExp(`${links[1]}$`));
    await page.keyboard.press("[");
    await expect(page).toHaveURL(new RegExp(`${links[0]}$`));
    await expect(trail).toContainText("First of the list");
    await page.waitForLoadState("networkidle");
    await expectNoSeriousA11yViolation(page, "/cards/<slug> with its list");
    // From the last row of the page, ] opens the first card of the next page, and [ comes back.
    await page.goto("/cards?sort=name:asc&limit=5");
    await cards.settled(page);
    await cards.rows(page).nth(4).locator("td:nth-child(2) a").click();
    await expect(trail).toContainText(`5 of ${total}`);
    await expect(trail.getByRole("link", { name: "Next →" })).toBeVisible();
    await page.keyboard.press("]");
    await expect(trail).toContainText(`6 of ${total}`);
    const sixth = new URL(page.url()).pathname;
    expect(links).not.toContain(sixth);
    await page.keyboard.press("[");
    await expect(page).toHaveURL(new RegExp(`${links[4]}$`));
    await expect(trail).toContainText(`5 of ${total}`);
    await page.keyboard.press("]");
    await expect(page).toHaveURL(new RegExp(`${sixth}$`));
    // The back link returns to the page of the list the card is on, where that card is focused.
    await page.getByRole("link", { name: "← Cards" }).click();
    await expect(page).toHaveURL(/limit=5&offset=5$/);
    await cards.settled(page);
    await expect(cards.rows(page).nth(0).locator("a").first()).toBeFocused();
    expect(await watch.problems()).toEqual([]);
  });
});

test.describe("390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("lists are stacked rows with nothing off screen; Back restores the row", async ({ page, baseURL }) => {
    const watch = await watchPage(page, baseURL);
    await signIn(page);
    await cards.settled(page);
    await noSideways(page);
    const first = cards.rows(page).first();
    expect(await first.evaluate((tr) => getComputedStyle(tr).display)).toBe("block");
    // Every cell of the first rows is inside the screen's width.
    for (const box of await cards
      .rows(page)
      .first()
      .locator("td")
      .evaluateAll((tds) => tds.map((td) => td.getBoundingClientRect().right)))
      expect(box).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolation(page, "/cards at 390 px");

    await page.goto("/participants");
    await participants.settled(page);
    await noSideways(page);
    const row = participants.rows(page).nth(12);
    const id = await row.getAttribute("data-row-id");
    for (const right of await row.locator("td").evaluateAll((tds) => tds.map((td) => td.getBoundingClientRect().right)))
      expect(right).toBeLessThanOrEqual(390);
    await row.locator("a").first().scrollIntoViewIfNeeded();
    await row.locator("a").first().click();
    await expect(page.getByRole("heading", { name: "Interactions" })).toBeVisible();
    await expect(page.getByTestId("signal").first().getByTestId("signal-source")).toHaveText(SOURCES);
    await noSideways(page);
    await page.goBack();
    await participants.settled(page);
    await expect(participants.table(page).locator(`tr[data-row-id="${id}"] a`).first()).toBeFocused();
    await expectNoSeriousA11yViolation(page, "/participants at 390 px");
    expect(await watch.problems()).toEqual([]);
  });

  test("a card's note, folders and intro come before its history; ] goes on", async ({ page, baseURL }) => {
    const watch = await watchPage(page, baseURL);
    await signIn(page);
    await cards.settled(page);
    const links = await rowLinks(page, "card-table");
    await cards.rows(page).first().locator("td:nth-child(2) a").click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("signal").first()).toBeVisible();
    const top = async (l: ReturnType<Page["locator"]>) => (await l.boundingBox())!.y;
    const history = await top(page.getByRole("heading", { name: /^Interactions/ }));
    expect(await top(page.getByLabel("Private note"))).toBeLessThan(history);
    expect(await top(page.getByRole("group", { name: "Folders" }))).toBeLessThan(history);
    const intro = page
      .getByLabel("Request an intro")
      .or(page.getByText("This startup is not open to intros."))
      .or(page.getByText(/Intro requested/));
    expect(await top(intro.first())).toBeLessThan(history);
    await noSideways(page);
    await expectNoSeriousA11yViolation(page, "/cards/<slug> at 390 px");
    await page.getByRole("link", { name: "Next →" }).click();
    await expect(page).toHaveURL(new RegExp(`${links[1]}$`));
    expect(await watch.problems()).toEqual([]);
  });

  test("a founder profile: Follow on radar fits the screen", async ({ page, baseURL }) => {
    const watch = await watchPage(page, baseURL);
    await signIn(page);
    await page.goto(`/founders?offset=${50 * ((Date.now() + 20) % 40)}`);
    await founders.settled(page);
    await noSideways(page);
    await founders.rows(page).nth(5).locator("a").first().click();
    const button = page.getByRole("button", { name: "Follow on radar" });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport();
    await noSideways(page);
    await button.click();
    await expect(page.getByTestId("toast")).toContainText(/^Following .+ on radar: application /);
    await expectNoSeriousA11yViolation(page, "/founders/<id> at 390 px");
    expect(await watch.problems()).toEqual([]);
  });
});
