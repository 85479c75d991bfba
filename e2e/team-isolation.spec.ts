import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolation } from "./support";
import {
  A1,
  A2,
  A_SECRETS,
  B1,
  check,
  COMMENT,
  folders,
  importCard,
  NOT_FOUND_LOAD,
  PRIVATE_FOLDER,
  S,
  saveStageFilter,
  stamp,
  STAGE,
  TEAM_A,
  TEAM_B,
  TEAM_FILTER,
  TEAM_FOLDER,
  type TIds,
} from "./team-isolation-checks";
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

/** The local webhook receiver's port (a free port near E2E_PORT by default). */
const HOOK_PORT = Number(process.env.E2E_HOOK_PORT ?? Number(process.env.E2E_PORT ?? 3111) + 50);

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
