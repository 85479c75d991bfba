import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importJsonl } from "~/server/domain/import";
import { addMember, createTeam, removeMember } from "~/server/domain/teams/teams";
import { api, createAccount } from "../helpers/api";
import { runAlerts } from "../helpers/events";
import { openTestDb, type TTestDb } from "../helpers/db";
import { markedSeenBy } from "../helpers/saved-filters";
import { browserCaller, failure } from "../helpers/trpc";
import { linesSource } from "../import/helpers";
import { seedCards } from "../cards/fixture";

/**
 * A team's shared saved filter keeps a "seen" mark and an "Alert me" per member
 * (saved_filter_member_state): one member's Mark seen leaves the others' counts alone, every
 * follower is notified once in their own inbox, a member removed from the team stops being
 * notified and loses the filter at once, and a stranger can neither mark nor follow it.
 */

let t: TTestDb;
type TUser = Awaited<ReturnType<typeof user>>;
let ann: TUser, ben: TUser, cat: TUser, stranger: TUser;
let teamId: number;

async function user() {
  const a = await createAccount(t.db);
  return { ...a, id: a.account.id, ui: await browserCaller(t.db, a.account.id) };
}

beforeAll(async () => {
  t = await openTestDb();
  await seedCards(t.db);
  [ann, ben, cat, stranger] = [await user(), await user(), await user(), await user()];
  teamId = (await createTeam(t.db, ann.id, "Member State Fund")).id;
  await addMember(t.db, teamId, ben.id);
  await addMember(t.db, teamId, cat.id);
  await createTeam(t.db, stranger.id, "Other Fund");
});
afterAll(async () => {
  await t?.close();
});

const get = (path: string, u: TUser) => api("GET", path, { token: u.token });
const post = (path: string, u: TUser) => api("POST", path, { token: u.token });
const newCard = (slug: string, stage = "seed") =>
  importJsonl(t.db, linesSource([JSON.stringify({ kind: "card", slug, name: slug.toUpperCase(), description: `About ${slug}`, stage })]));
const alertsOf = (u: TUser, filterId: number) =>
  t.db.notification.findMany({ where: { accountId: u.id, savedFilterId: filterId }, orderBy: { id: "asc" } });

/** A filter on `stages` that `owner` creates and shares with the team. */
async function sharedFilter(owner: TUser, name: string, params: Record<string, unknown>) {
  const f = await owner.ui.user.filters.create({ name, params } as never);
  await owner.ui.user.filters.share({ id: f.id, visibility: "team" });
  return f.id;
}

const countsOf = async (u: TUser, id: number) => {
  const r = await get("/cards/filters/?include_counts=true", u);
  expect(r.status).toBe(200);
  return r.body.data.find((f: { id: number }) => f.id === id);
};

describe("seen mark per member", () => {
  it("one member's Mark seen leaves another member's new count and new cards unchanged", async () => {
    const id = await sharedFilter(ann, "Seed, shared", { stages: ["seed"] });
    await newCard("seen-one");
    for (const u of [ann, ben, cat]) {
      expect(await countsOf(u, id), u.account.email).toMatchObject({ new_since_seen: 1, last_seen_at: null });
      expect((await u.ui.cards.filterNewCards({ id: String(id), limit: "1" })).pagination.total).toBe(1);
    }
    const benBefore = await get(`/cards/filters/${id}/new/`, ben);
    expect(benBefore.body.data.map((c: { slug: string }) => c.slug)).toEqual(["seen-one"]);

    // Ann (the creator) marks it seen over REST.
    const seen = await post(`/cards/filters/${id}/seen/`, ann);
    expect(seen.status).toBe(200);
    expect(await countsOf(ann, id)).toMatchObject({ new_since_seen: 0, last_seen_at: seen.body.data.last_seen_at });
    expect((await get(`/cards/filters/${id}/new/`, ann)).body.data).toEqual([]);
    // Ben's and Cat's are untouched.
    expect(await countsOf(ben, id)).toMatchObject({ new_since_seen: 1, last_seen_at: null });
    const benAfter = await get(`/cards/filters/${id}/new/`, ben);
    expect(benAfter.body).toEqual(benBefore.body);
    const catCounts = (await cat.ui.cards.filters({ include_counts: true })).data.find((f) => f.id === id);
    expect(catCounts).toMatchObject({ new_since_seen: 1, last_seen_at: null });

    // Ben, a member, marks it seen in the workspace: his own mark, Cat's still untouched.
    const benMark = (await ben.ui.cards.markFilterSeen({ id: String(id) })).data;
    const benNews = await ben.ui.cards.filterNewCards({ id: String(id), limit: "1" });
    expect([benNews.pagination.total, benNews.meta.since]).toEqual([0, benMark.last_seen_at]);
    expect(await countsOf(cat, id)).toMatchObject({ new_since_seen: 1, last_seen_at: null });
    expect((await countsOf(ann, id)).last_seen_at).toBe(seen.body.data.last_seen_at);
    expect(await markedSeenBy(t.db, id)).toEqual([ann.id, ben.id].sort((a, b) => a - b));

    // A newer card is new for all three, counted from each one's own mark.
    await newCard("seen-two");
    expect((await countsOf(ann, id)).new_since_seen).toBe(1);
    expect((await countsOf(ben, id)).new_since_seen).toBe(1);
    expect((await countsOf(cat, id)).new_since_seen).toBe(2);
  });

  it("a stranger can neither mark nor read another team's filter (404), and marks nothing", async () => {
    const id = await sharedFilter(ann, "Not for strangers", { stages: ["series-a"] });
    expect((await post(`/cards/filters/${id}/seen/`, stranger)).status).toBe(404);
    expect((await get(`/cards/filters/${id}/new/`, stranger)).status).toBe(404);
    expect(await failure(stranger.ui.cards.markFilterSeen({ id: String(id) }))).toBe("not_found");
    expect(await failure(stranger.ui.cards.filterNewCards({ id: String(id) }))).toBe("not_found");
    expect(await markedSeenBy(t.db, id)).toEqual([]);
  });
});

describe("Alert me per member", () => {
  it("each follower is notified once in their own inbox; a removed member gets nothing and loses the filter", async () => {
    const id = await sharedFilter(ann, "Pre-seed alerts", { stages: ["pre-seed"] });
    const stateOf = (u: TUser) =>
      t.db.savedFilterMemberState.findUnique({ where: { savedFilterId_accountId: { savedFilterId: id, accountId: u.id } } });
    expect((await ann.ui.notifications.follow({ id, alert: true })).alert).toBe(true);
    const benFollow = await ben.ui.notifications.follow({ id, alert: true });
    expect(benFollow).toMatchObject({ id, alert: true, alert_since: expect.any(String) });
    expect((await ben.ui.notifications.followed()).ids).toContain(id);
    expect((await cat.ui.notifications.followed()).ids).not.toContain(id);
    // Following again keeps the first instant.
    expect((await ben.ui.notifications.follow({ id, alert: true })).alert_since).toBe(benFollow.alert_since);
    await runAlerts(t.db);

    await newCard("alert-one", "pre-seed");
    await runAlerts(t.db);
    for (const u of [ann, ben]) {
      const alerts = await alertsOf(u, id);
      expect(alerts, u.account.email).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ kind: "saved_filter", title: "Pre-seed alerts: 1 new card", url: "/cards/alert-one" });
      expect((await u.ui.notifications.list({})).data.map((n) => n.id)).toContain(alerts[0]!.id);
    }
    expect(await alertsOf(cat, id)).toHaveLength(0);
    expect(await alertsOf(stranger, id)).toHaveLength(0);
    // The card changes again: nobody is told twice.
    await newCard("alert-one", "pre-seed");
    await runAlerts(t.db);
    expect(await alertsOf(ann, id)).toHaveLength(1);
    expect(await alertsOf(ben, id)).toHaveLength(1);

    // Ben turns his alert off: Ann's stays on.
    await ben.ui.notifications.follow({ id, alert: false });
    expect((await stateOf(ann))?.alertSince).not.toBeNull();
    expect((await stateOf(ben))?.alertSince).toBeNull();
    await ben.ui.notifications.follow({ id, alert: true });

    // Ben is removed from the team: the next run notifies Ann only, and the filter is gone for him.
    await removeMember(t.db, ann.id, teamId, ben.id);
    await newCard("alert-two", "pre-seed");
    await runAlerts(t.db);
    expect(await alertsOf(ann, id)).toHaveLength(2);
    expect(await alertsOf(ben, id)).toHaveLength(1);
    expect((await ben.ui.notifications.followed()).ids).not.toContain(id);
    expect((await get(`/cards/filters/${id}/new/`, ben)).status).toBe(404);
    expect((await post(`/cards/filters/${id}/seen/`, ben)).status).toBe(404);
    const list = await get(`/cards/?filter_id=${id}`, ben);
    expect([list.status, list.body.message]).toEqual([400, expect.stringContaining("filter_id")]);
    expect(await failure(ben.ui.notifications.follow({ id, alert: true }))).toBe("not_found");

    // Back in the team, his alert (never turned off) counts again from the next change on.
    await addMember(t.db, teamId, ben.id);
    await newCard("alert-three", "pre-seed");
    await runAlerts(t.db);
    expect((await alertsOf(ben, id)).map((n) => n.url)).toEqual(["/cards/alert-one", "/cards/alert-three"]);
  });

  it("a filter on a team folder alerts a member: the folder resolves for the follower", async () => {
    const folder = await ann.ui.user.folders.create({ name: "Team pipeline" });
    await ann.ui.user.folders.share({ id: folder.id, visibility: "team" });
    const id = await sharedFilter(ann, "Pipeline", { folder_ids: [folder.id] });
    await cat.ui.notifications.follow({ id, alert: true });
    await newCard("folder-card", "series-a");
    const cardId = (await t.db.card.findUniqueOrThrow({ where: { slug: "folder-card" } })).id;
    await runAlerts(t.db);
    expect(await alertsOf(cat, id)).toHaveLength(0);
    // Ben (back in the team) puts the card in the team folder.
    await ben.ui.user.folders.addCards({ id: folder.id, cardIds: [cardId] });
    await runAlerts(t.db);
    expect((await alertsOf(cat, id)).map((n) => n.url)).toEqual(["/cards/folder-card"]);
    expect(await alertsOf(ann, id)).toHaveLength(0);
  });

  it("a stranger cannot follow another team's filter (not found) and is never notified of it", async () => {
    const id = await sharedFilter(ann, "Strangers keep out", { stages: ["seed"] });
    expect(await failure(stranger.ui.notifications.follow({ id, alert: true }))).toBe("not_found");
    expect(await t.db.savedFilterMemberState.count({ where: { savedFilterId: id } })).toBe(0);
    await newCard("stranger-seed");
    await runAlerts(t.db);
    expect(await t.db.notification.count({ where: { accountId: stranger.id } })).toBe(0);
  });
});
