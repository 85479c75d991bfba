import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolation, listTable } from "./support";
import {
  authOnce,
  createAccount,
  HookReceiver,
  importLines,
  importUntil,
  subscribe,
  teamCommand,
  viewer,
  type TViewer,
} from "./team-isolation-kit";

/**
 * Two teams and a stranger against a started server (DESIGN section 16). Team A has two members,
 * each in a browser of their own; team B has one; the stranger has none. A's shared things are a
 * team folder holding a card, a team saved filter and a comment on the card; A1 also has a private
 * folder, which stays A1's own (A2 does not see it either). Each is checked for every viewer in
 * the workspace (folders, a folder's page, saved filters, the card page's comments, /settings/team),
 * on /v1 (folders and filters lists, folder_ids=, filter_id=, a filter's new cards, the card's user
 * data, its comments, /v1/team/), on /mcp (one client per account on its API token) and in the
 * saved_filter.cards_matched payloads received by each account's endpoint (the team filter's go to
 * both members): B and the stranger never meet one of A's ids or names, and another team's ids
 * answer as ids that do not exist (404 on a path, the 400 of an unknown id in a list parameter).
 * Then A1 removes A2 from the team: A2's next request, in the same browser, with the same token and
 * the same MCP client, sees none of it, and A2's endpoint no longer receives the matches of the team
 * filter A2 created, which stays with the team (A1 still receives them).
 */
test.setTimeout(480_000);

const stamp = Date.now();
/** The local webhook receiver's port (a free port near E2E_PORT by default). */
const HOOK_PORT = Number(process.env.E2E_HOOK_PORT ?? Number(process.env.E2E_PORT ?? 3111) + 50);
const email = (who: string) => `iso-${who}-${stamp}@example.test`;
const A1 = email("a1");
const A2 = email("a2");
const B1 = email("b1");
const S = email("stranger");
const TEAM_A = `Iso Fund A ${stamp}`;
const TEAM_B = `Iso Fund B ${stamp}`;
const TEAM_FOLDER = `A team deals ${stamp}`;
const PRIVATE_FOLDER = `A1 own picks ${stamp}`;
const TEAM_FILTER = `A team stage ${stamp}`;
const COMMENT = `A only: worth a call ${stamp}`;
const STAGE = `iso-stage-${stamp}`;
/** What B, the stranger and (once removed) A2 must never read. */
const A_SECRETS = [TEAM_FOLDER, PRIVATE_FOLDER, TEAM_FILTER, COMMENT, TEAM_A];
const NO_SUCH_ID = 999_999_999;
/** What the browser logs when a page answers 404 (a folder page the viewer may not open). */
const NOT_FOUND_LOAD = "console error: Failed to load resource: the server responded with a status of 404 (Not Found)";

const importCard = (n: number) =>
  importLines([{ kind: "card", slug: `iso-card-${stamp}-${n}`, name: `Iso Card ${n}`, description: "Isolation probe", stage: STAGE }]);

const folders = listTable("folder-table");
const filtersTable = listTable("saved-filter-table");

/** Saves the /cards filter on the probe stage under `name`, shares it when asked; answers its id. */
async function saveStageFilter(page: Page, name: string, share: boolean): Promise<number> {
  await page.goto(`/cards?stages=${STAGE}`);
  await listTable("card-table").settled(page);
  await page.getByRole("button", { name: "Save filter" }).click();
  await page.getByLabel("Saved filter name").fill(name);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("button", { name: "Save filter" })).toBeVisible();
  await page.goto("/saved-filters");
  const row = filtersTable.table(page).locator("tbody tr", { hasText: name });
  if (share) {
    await page.getByRole("button", { name: `Share with team: ${name}` }).click();
    await expect(row.getByTestId("team-badge")).toBeVisible();
  }
  const href = await row.getByRole("link", { name, exact: true }).getAttribute("href");
  return Number(/filter_id=(\d+)/.exec(href!)![1]);
}

interface TIds {
  card: { id: number; slug: string; name: string };
  teamFolder: number;
  privateFolder: number;
  teamFilter: number;
}

/** What a viewer should see of A's things. */
interface TAccess {
  teamThings: boolean;
  privateFolder: boolean;
  team: string | null;
}

/** The body of a request about an id that does not exist, to compare another team's id with. */
async function absent(request: APIRequestContext, token: string, path: string) {
  const r = await request.get(path, { headers: authOnce(token) });
  return { status: r.status(), error: (await r.json()).error };
}

/** /v1 as the viewer; returns every body read, for the leak scan. */
async function checkRest(request: APIRequestContext, v: TViewer, ids: TIds, e: TAccess): Promise<string[]> {
  const bodies: string[] = [];
  const get = async (path: string) => {
    const r = await request.get(path, { headers: authOnce(v.token) });
    const text = await r.text();
    bodies.push(text);
    return { status: r.status(), body: JSON.parse(text) };
  };
  const what = (x: string) => `${v.name}: ${x}`;

  const fl = await get("/v1/cards/folders/");
  const folderIds = fl.body.data.map((f: { id: number }) => f.id);
  expect(folderIds.includes(ids.teamFolder), what("team folder listed")).toBe(e.teamThings);
  expect(folderIds.includes(ids.privateFolder), what("A1's private folder listed")).toBe(e.privateFolder);
  if (e.teamThings) {
    expect(fl.body.data.find((f: { id: number }) => f.id === ids.teamFolder)).toMatchObject({
      name: TEAM_FOLDER,
      visibility: "team",
      owner: { email: A1 },
      cards_count: 1,
    });
  }

  const ft = await get("/v1/cards/filters/");
  expect(
    ft.body.data.some((f: { id: number }) => f.id === ids.teamFilter),
    what("team filter listed"),
  ).toBe(e.teamThings);

  for (const [folder, visible] of [
    [ids.teamFolder, e.teamThings],
    [ids.privateFolder, e.privateFolder],
  ] as const) {
    const r = await get(`/v1/cards/?folder_ids=${folder}&view=compact`);
    if (visible) {
      expect(r.status, what(`folder_ids=${folder}`)).toBe(200);
      expect(r.body.data.map((c: { slug: string }) => c.slug)).toEqual([ids.card.slug]);
    } else {
      expect({ status: r.status, error: r.body.error }, what(`folder_ids=${folder}`)).toEqual(
        await absent(request, v.token, `/v1/cards/?folder_ids=${NO_SUCH_ID}`),
      );
    }
  }

  const byFilter = await get(`/v1/cards/?filter_id=${ids.teamFilter}&view=compact`);
  const news = await get(`/v1/cards/filters/${ids.teamFilter}/new/`);
  if (e.teamThings) {
    expect(byFilter.status, what("filter_id")).toBe(200);
    expect(byFilter.body.data.length).toBeGreaterThan(0);
    expect(news.status, what("filter's new cards")).toBe(200);
  } else {
    expect({ status: byFilter.status, error: byFilter.body.error }, what("filter_id")).toEqual(
      await absent(request, v.token, `/v1/cards/?filter_id=${NO_SUCH_ID}`),
    );
    expect({ status: news.status, error: news.body.error }, what("filter's new cards")).toEqual({ status: 404, error: "not_found" });
  }

  const detail = await get(`/v1/cards/${ids.card.slug}/?include_user_data=true`);
  expect(detail.status).toBe(200);
  const cardFolders = detail.body.data.user_data.folders.map((f: { id: number }) => f.id);
  expect(cardFolders.includes(ids.teamFolder), what("card's user_data.folders: team folder")).toBe(e.teamThings);
  expect(cardFolders.includes(ids.privateFolder), what("card's user_data.folders: private folder")).toBe(e.privateFolder);
  const listed = await get(`/v1/cards/?include_user_data=true&search=${encodeURIComponent(ids.card.name)}&limit=50`);
  const item = listed.body.data.find((c: { slug: string }) => c.slug === ids.card.slug);
  if (item) expect(item.user_data.folders.map((f: { id: number }) => f.id).includes(ids.teamFolder)).toBe(e.teamThings);

  const comments = await get(`/v1/cards/${ids.card.slug}/comments/`);
  expect(comments.status).toBe(200);
  expect(
    comments.body.data.map((c: { text: string }) => c.text),
    what("comments"),
  ).toEqual(e.teamThings ? [COMMENT] : []);

  const team = await get("/v1/team/");
  if (e.team === null) {
    // In no team: data is null (GET /v1/team/'s contract).
    expect({ status: team.status, body: team.body }, what("/v1/team/")).toEqual({ status: 200, body: { data: null } });
  } else {
    expect(team.status).toBe(200);
    expect(team.body.data.team.name, what("/v1/team/")).toBe(e.team);
    const emails = team.body.data.members.map((m: { email: string }) => m.email);
    if (e.team === TEAM_A) expect(emails.sort()).toEqual([A1, A2].sort());
    else expect(emails).not.toContain(A1);
  }
  return bodies;
}

/** /mcp as the viewer, on its MCP client; returns every answer, for the leak scan. */
async function checkMcp(v: TViewer, ids: TIds, e: TAccess): Promise<string[]> {
  const answers: string[] = [];
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const r = await v.mcp.call(name, args);
    answers.push(JSON.stringify(r));
    return r;
  };
  const what = (x: string) => `${v.name} on /mcp: ${x}`;
  const lf = await call("list_folders");
  const folderIds = lf.data.map((f: { id: number }) => f.id);
  expect(folderIds.includes(ids.teamFolder), what("list_folders")).toBe(e.teamThings);
  expect(folderIds.includes(ids.privateFolder), what("list_folders, private")).toBe(e.privateFolder);
  const lr = await call("list_reference", { kind: "folders" });
  expect(lr.data.map((f: { id: number }) => f.id).includes(ids.teamFolder), what("list_reference folders")).toBe(e.teamThings);
  const sf = await call("list_saved_filters");
  expect(
    sf.data.some((f: { id: number }) => f.id === ids.teamFilter),
    what("list_saved_filters"),
  ).toBe(e.teamThings);
  const cm = await call("get_card_comments", { slug: ids.card.slug });
  expect(
    cm.data.map((c: { text: string }) => c.text),
    what("get_card_comments"),
  ).toEqual(e.teamThings ? [COMMENT] : []);
  const byFolder = await call("search_cards", { folder_ids: [ids.teamFolder], view: "compact" });
  const byFilter = await call("search_cards", { filter_id: ids.teamFilter, view: "compact" });
  const news = await call("saved_filter_new_cards", { id: ids.teamFilter });
  if (e.teamThings) {
    expect(byFolder.isError, what("search_cards folder_ids")).toBeUndefined();
    expect(byFolder.data.map((c: { slug: string }) => c.slug)).toEqual([ids.card.slug]);
    expect(byFilter.isError, what("search_cards filter_id")).toBeUndefined();
    expect(news.isError, what("saved_filter_new_cards")).toBeUndefined();
  } else {
    const none = await v.mcp.call("search_cards", { folder_ids: [NO_SUCH_ID] });
    expect({ isError: byFolder.isError, error: byFolder.error }, what("search_cards folder_ids")).toEqual({
      isError: true,
      error: none.error,
    });
    expect(byFilter).toMatchObject({ isError: true, error: none.error });
    expect(news, what("saved_filter_new_cards")).toMatchObject({ isError: true, error: "not_found" });
  }
  return answers;
}

/** The workspace pages as the viewer, in its own browser. */
async function checkWorkspace(v: TViewer, ids: TIds, e: TAccess): Promise<string[]> {
  const page = v.page;
  const texts: string[] = [];
  await page.goto("/folders");
  await expect(folders.table(page)).toHaveAttribute("aria-busy", "false");
  const folderRow = folders.table(page).locator("tbody tr", { hasText: TEAM_FOLDER });
  await expect(folderRow).toHaveCount(e.teamThings ? 1 : 0);
  if (e.teamThings) await expect(folderRow.getByTestId("team-badge")).toBeVisible();
  await expect(folders.table(page).locator("tbody tr", { hasText: PRIVATE_FOLDER })).toHaveCount(e.privateFolder ? 1 : 0);
  texts.push(await page.locator("main").innerText());

  for (const [folder, visible] of [
    [ids.teamFolder, e.teamThings],
    [ids.privateFolder, e.privateFolder],
  ] as const) {
    await page.goto(`/folders/${folder}`);
    if (visible) await expect(page.getByRole("link", { name: ids.card.name }).first()).toBeVisible();
    else await expect(page.getByTestId("not-found")).toBeVisible();
    texts.push(await page.locator("main").innerText());
  }

  await page.goto("/saved-filters");
  await expect(filtersTable.table(page)).toHaveAttribute("aria-busy", "false");
  await expect(filtersTable.table(page).locator("tbody tr", { hasText: TEAM_FILTER })).toHaveCount(e.teamThings ? 1 : 0);
  texts.push(await page.locator("main").innerText());

  await page.goto(`/cards/${ids.card.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: ids.card.name })).toBeVisible();
  if (e.teamThings) await expect(page.getByTestId("card-comments")).toContainText(COMMENT);
  else if (e.team) await expect(page.getByText("No comment yet.")).toBeVisible();
  else await expect(page.getByRole("heading", { name: "Team comments" })).toHaveCount(0);
  texts.push(await page.locator("main").innerText());

  await page.goto("/settings/team");
  if (e.team) await expect(page.getByTestId("team-name")).toHaveText(e.team);
  else await expect(page.getByRole("button", { name: "Create team" })).toBeVisible();
  texts.push(await page.locator("main").innerText());
  return texts;
}

/** Everything the viewer reads, checked; for those outside team A, none of A's names or comment appears anywhere. */
async function check(request: APIRequestContext, v: TViewer, ids: TIds, e: TAccess) {
  const read = [...(await checkRest(request, v, ids, e)), ...(await checkMcp(v, ids, e)), ...(await checkWorkspace(v, ids, e))].join("\n");
  const forbidden = e.teamThings ? (e.privateFolder ? [] : [PRIVATE_FOLDER]) : A_SECRETS;
  for (const secret of forbidden) expect(read.includes(secret), `${v.name} read "${secret}"`).toBe(false);
}

test("two teams and a stranger: A's shared things reach A's members only, everywhere, and a removed member loses them at once", async ({
  browser,
  baseURL,
  request,
}) => {
  const rx = new HookReceiver(HOOK_PORT);
  await rx.start();
  const viewers: TViewer[] = [];
  try {
    // Accounts, teams and the probe stage with its first card, by the command line.
    const tokens = { a1: createAccount(A1), a2: createAccount(A2), b1: createAccount(B1), s: createAccount(S) };
    const teamA = teamCommand(["create", "--name", TEAM_A, "--owner", A1]);
    teamCommand(["add", "--team", String(teamA), "--email", A2]);
    teamCommand(["create", "--name", TEAM_B, "--owner", B1]);
    importLines([{ kind: "stage", slug: STAGE, name: `Iso stage ${stamp}`, position: 90 }]);
    let probes = 0;
    importCard(probes);
    for (const [name, token] of Object.entries(tokens)) await subscribe(request, rx, name, token);

    const picked = await request.get("/v1/cards/?limit=1&sort=name:asc&view=compact", { headers: authOnce(tokens.s) });
    const card = (await picked.json()).data[0] as TIds["card"];

    const a1 = await viewer(browser, baseURL!, "A1", A1, tokens.a1);
    const a2 = await viewer(browser, baseURL!, "A2", A2, tokens.a2, 390);
    const b1 = await viewer(browser, baseURL!, "B1", B1, tokens.b1);
    const s = await viewer(browser, baseURL!, "stranger", S, tokens.s);
    viewers.push(a1, a2, b1, s);

    // A1: a team folder and a private folder holding the card, a comment on it.
    await a1.page.goto(`/cards/${card.slug}`);
    // The folder picker's list is read in the browser: once it shows, the page is live.
    await expect(a1.page.getByText("No folders yet.")).toBeVisible();
    for (const name of [TEAM_FOLDER, PRIVATE_FOLDER]) {
      await a1.page.getByLabel("New folder name").fill(name);
      await a1.page.getByRole("button", { name: "Create and add" }).click();
      await expect(a1.page.getByLabel(name)).toBeChecked();
    }
    await a1.page.getByLabel(`Comment for ${TEAM_A}`).fill(COMMENT);
    await a1.page.getByRole("button", { name: "Post comment" }).click();
    await expect(a1.page.getByTestId("card-comments")).toContainText(COMMENT);
    await a1.page.goto("/folders");
    await a1.page.getByRole("button", { name: `Share with team: ${TEAM_FOLDER}` }).click();
    const folderId = async (name: string) => {
      const row = folders.table(a1.page).locator("tbody tr", { hasText: name });
      await expect(row).toHaveCount(1);
      return Number((await row.getByRole("link", { name }).getAttribute("href"))!.split("/").pop());
    };
    await expect(folders.table(a1.page).locator("tbody tr", { hasText: TEAM_FOLDER }).getByTestId("team-badge")).toBeVisible();

    // A2 makes the team's saved filter (on the probe stage); everyone else a private one on the same stage,
    // whose matches show that their endpoint is subscribed and served.
    const teamFilter = await saveStageFilter(a2.page, TEAM_FILTER, true);
    const own = {
      a1: await saveStageFilter(a1.page, `A1 alone ${stamp}`, false),
      b1: await saveStageFilter(b1.page, `B alone ${stamp}`, false),
      s: await saveStageFilter(s.page, `Stranger alone ${stamp}`, false),
    };
    await a1.page.goto("/folders");
    const ids: TIds = { card, teamFolder: await folderId(TEAM_FOLDER), privateFolder: await folderId(PRIVATE_FOLDER), teamFilter };

    await check(request, a1, ids, { teamThings: true, privateFolder: true, team: TEAM_A });
    await check(request, a2, ids, { teamThings: true, privateFolder: false, team: TEAM_A });
    await check(request, b1, ids, { teamThings: false, privateFolder: false, team: TEAM_B });
    await check(request, s, ids, { teamThings: false, privateFolder: false, team: null });
    await expectNoSeriousA11yViolation(a2.page, "/settings/team as a member at 390 px");

    // Webhooks: the first check after the filters were made is their baseline; the next import's card is new to all.
    const filtersOf = (who: string) => rx.of(who).map(({ event }) => event.data.filter.id as number);
    await importUntil(
      () => importCard(++probes),
      () => filtersOf("a1").includes(teamFilter) && filtersOf("a1").includes(own.a1) && ["a2", "b1", "s"].every((n) => rx.of(n).length > 0),
      "every endpoint received saved_filter.cards_matched",
    );
    // The team filter's matches reach every member of A (its creator A2 and A1), with the filter as A lists it.
    for (const who of ["a1", "a2"]) {
      for (const { event } of rx.of(who)) {
        expect(event.type).toBe("saved_filter.cards_matched");
        if (event.data.filter.id !== teamFilter) continue;
        expect(event.data.filter).toMatchObject({ name: TEAM_FILTER, visibility: "team", owner: { email: A2 } });
        expect(event.data.cards.every((c: { slug: string }) => c.slug.startsWith(`iso-card-${stamp}-`))).toBe(true);
      }
    }
    expect([...new Set(filtersOf("a2"))]).toEqual([teamFilter]);
    expect([...new Set(filtersOf("a1"))].sort()).toEqual([own.a1, teamFilter].sort());
    // B and the stranger receive their own filter's matches, and nothing of A's.
    for (const who of ["b1", "s"] as const) {
      expect([...new Set(filtersOf(who))]).toEqual([own[who]]);
      for (const { raw } of rx.of(who)) {
        for (const secret of [...A_SECRETS, A1, A2]) expect(raw.includes(secret), `${who}'s delivery holds "${secret}"`).toBe(false);
      }
    }

    // A1 removes A2 from the team.
    await a1.page.goto("/settings/team");
    await a1.page.getByRole("button", { name: `Remove ${A2}` }).click();
    await a1.page.getByRole("button", { name: `Yes, remove ${A2}` }).click();
    await expect(a1.page.getByTestId("team-members")).not.toContainText(A2);

    // A2's next requests: the same browser session, the same API token, the same MCP client.
    await check(request, a2, ids, { teamThings: false, privateFolder: false, team: null });
    // The team keeps what A2 shared.
    const kept = await request.get("/v1/cards/filters/", { headers: authOnce(tokens.a1) });
    expect((await kept.json()).data.map((f: { id: number }) => f.id)).toContain(teamFilter);

    // The next match of the team filter still reaches A1 (the filter stays with the team), no longer A2.
    const a2Before = rx.of("a2").length;
    const a1Before = rx.of("a1").length;
    await importUntil(
      () => importCard(++probes),
      () => filtersOf("a1").slice(a1Before).includes(teamFilter),
      "A1 received the team filter's next match",
    );
    await new Promise((r) => setTimeout(r, 2_000));
    expect(rx.of("a2")).toHaveLength(a2Before);

    // Nothing went wrong in any browser but the 404 answers of the folder pages each viewer may not open.
    for (const v of viewers)
      expect(
        (await v.problems()).filter((p) => p !== NOT_FOUND_LOAD),
        v.name,
      ).toEqual([]);
  } finally {
    for (const v of viewers) {
      await v.mcp.client.close();
      await v.context.close();
    }
    await rx.stop();
  }
});
