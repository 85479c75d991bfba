import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoAccount } from "~/server/domain/accounts/demo-account";
import { seedDemo } from "~/server/domain/demo";
import { seedDemoWorkspace } from "~/server/domain/demo/workspace";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserCaller } from "../helpers/trpc";

/** The demo account's workspace (server/main.ts seeds it right after the demo account). */

let t: TTestDb;

beforeAll(async () => {
  t = await openTestDb();
  await seedDemo(t.db, { scale: 1 });
}, 600_000);
afterAll(async () => {
  await t?.close();
});

describe("seedDemoWorkspace", () => {
  it("gives the demo account folders, likes, notes, an intro request, a filter with new cards and request history, in seconds", async () => {
    const credentials = await createDemoAccount(t.db, []);
    const started = Date.now();
    const report = await seedDemoWorkspace(t.db, credentials.email);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(report).toMatchObject({ folders: 3, likes: 5, notes: 3, introRequests: 1, savedFilters: 2, requestDays: expect.any(Number) });

    const account = await t.db.account.findUniqueOrThrow({ where: { email: credentials.email } });
    const ui = await browserCaller(t.db, account.id);

    expect(report.team).toEqual({ members: 3, sharedFolders: 3, sharedFilters: 1, comments: 5 });
    const team = await ui.team.workspace.mine();
    expect(team).toMatchObject({ role: "owner", team: { name: "Demo Ventures" } });
    expect(team!.team.members.map((m) => m.role)).toEqual(["owner", "admin", "member"]);
    expect(await t.db.cardComment.count({ where: { teamId: team!.team.id } })).toBe(5);
    const folders = (await ui.user.folders.list()).filter((f) => f.owner.id === account.id);
    expect(folders.map((f) => f.name).sort()).toEqual(["Follow up this month", "Portfolio watch", "Seed pipeline"]);
    const shared = (await ui.user.folders.list()).filter((f) => f.visibility === "team");
    expect(shared.map((f) => f.name).sort()).toEqual(["Climate and energy deals", "Partner meeting Monday", "Seed pipeline"]);
    expect(folders.every((f) => f.cards_count > 0)).toBe(true);
    // The card page's team panel on the most discussed demo card: a shared folder holding it, a teammate's like.
    const discussed = await t.db.cardComment.groupBy({ by: ["cardId"], where: { teamId: team!.team.id }, _count: true });
    const top = discussed.sort((a, b) => b._count - a._count)[0]!.cardId;
    const panel = await ui.team.cardPanel({ cardId: top });
    expect(panel!.folders.map((f) => f.name)).toContain("Seed pipeline");
    expect(panel!.liked_by.map((a) => a.name)).toContain("Maya Okafor");
    expect((await ui.team.comments.thread({ cardId: top })).data).toHaveLength(3);

    const statuses = (await ui.cards.filters({ include_counts: true })).data;
    expect(statuses).toHaveLength(2);
    const fresh = statuses.filter((s) => (s.new_since_seen ?? 0) > 0);
    expect(fresh).toHaveLength(1);
    expect(fresh[0]!.new_since_seen).toBeGreaterThanOrEqual(1);
    expect(fresh[0]!.new_since_seen).toBeLessThanOrEqual(5);
    expect(fresh[0]!.matching).toBeGreaterThan(fresh[0]!.new_since_seen!);

    expect(await t.db.cardLike.count({ where: { accountId: account.id } })).toBe(5);
    expect(await t.db.cardNote.count({ where: { accountId: account.id } })).toBe(3);
    expect(await t.db.introRequest.count({ where: { accountId: account.id } })).toBe(1);

    const usage = await ui.account.usage();
    expect(usage.days).toHaveLength(30);
    expect(usage.days.filter((d) => d.requests > 0).length).toBeGreaterThan(15);
    expect(usage.days[29]!.requests).toBe(0); // today: only real requests
    // The history was made with the demo's token: its requests are the account's, and its "last
    // used" is the last day with requests (every token with requests has a last use).
    const total = usage.days.reduce((n, d) => n + d.requests, 0);
    expect(usage.tokens).toHaveLength(1);
    expect(usage.tokens[0]).toMatchObject({ name: "demo", requests: total, revoked: false });
    const lastBusy = usage.days.filter((d) => d.requests > 0).at(-1)!.day;
    expect(usage.tokens[0]!.last_used_at?.slice(0, 10)).toBe(lastBusy);
    const tokens = await ui.account.tokens.list();
    expect(tokens.every((tk) => tk.last_used_at !== null)).toBe(true);
  });
});
