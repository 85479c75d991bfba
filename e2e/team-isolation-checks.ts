import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { listTable } from "./support";
import { authOnce, importLines, type TViewer } from "./team-isolation-kit";

/**
 * The two-team isolation spec's probe (e2e/team-isolation.spec.ts): the names of A's things, made
 * unique per run, and the checks each viewer goes through in the workspace, on /v1 and on /mcp,
 * answering what was read for the leak scan.
 */

export const stamp = Date.now();
const email = (who: string) => `iso-${who}-${stamp}@example.test`;
export const A1 = email("a1");
export const A2 = email("a2");
export const B1 = email("b1");
export const S = email("stranger");
export const TEAM_A = `Iso Fund A ${stamp}`;
export const TEAM_B = `Iso Fund B ${stamp}`;
export const TEAM_FOLDER = `A team deals ${stamp}`;
export const PRIVATE_FOLDER = `A1 own picks ${stamp}`;
export const TEAM_FILTER = `A team stage ${stamp}`;
export const COMMENT = `A only: worth a call ${stamp}`;
export const STAGE = `iso-stage-${stamp}`;
/** What B, the stranger and (once removed) A2 must never read. */
export const A_SECRETS = [TEAM_FOLDER, PRIVATE_FOLDER, TEAM_FILTER, COMMENT, TEAM_A];
const NO_SUCH_ID = 999_999_999;
/** What the browser logs when a page answers 404 (a folder page the viewer may not open). */
export const NOT_FOUND_LOAD = "console error: Failed to load resource: the server responded with a status of 404 (Not Found)";

export const importCard = (n: number) =>
  importLines([{ kind: "card", slug: `iso-card-${stamp}-${n}`, name: `Iso Card ${n}`, description: "Isolation probe", stage: STAGE }]);

export const folders = listTable("folder-table");
const filtersTable = listTable("saved-filter-table");

/** Saves the /cards filter on the probe stage under `name`, shares it when asked; answers its id. */
export async function saveStageFilter(page: Page, name: string, share: boolean): Promise<number> {
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

export interface TIds {
  card: { id: number; slug: string; name: string };
  teamFolder: number;
  privateFolder: number;
  teamFilter: number;
}

/** What a viewer should see of A's things. */
export interface TAccess {
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
export async function check(request: APIRequestContext, v: TViewer, ids: TIds, e: TAccess) {
  const read = [...(await checkRest(request, v, ids, e)), ...(await checkMcp(v, ids, e)), ...(await checkWorkspace(v, ids, e))].join("\n");
  const forbidden = e.teamThings ? (e.privateFolder ? [] : [PRIVATE_FOLDER]) : A_SECRETS;
  for (const secret of forbidden) expect(read.includes(secret), `${v.name} read "${secret}"`).toBe(false);
}
