import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importJsonl } from "~/server/domain/import";
import { notify } from "~/server/domain/notifications/notify";
import { notifyFromEvents } from "~/server/domain/notifications/from-events";
import { runSavedFilterMatcher } from "~/server/domain/saved-filters/matcher";
import { seedDemoNotifications } from "~/server/domain/demo/notifications";
import { notificationTick } from "~/server/domain/notifications/worker";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserCaller, failure } from "../helpers/trpc";
import { linesSource } from "../import/helpers";
import { networkAProfile, processAll, radarAccount, refreshAll, setExperience } from "../radar/fixtures";
import { api } from "../helpers/api";
import { runAlerts } from "../helpers/events";

/**
 * Notifications (docs/notifications.md): notify() once per subject, saved-filter alerts computed
 * from changed cards only, radar updates, the caller's own notifications and filters only, and
 * preferences.
 */

let t: TTestDb;
beforeAll(async () => {
  t = await openTestDb();
  await importJsonl(
    t.db,
    linesSource([
      JSON.stringify({ kind: "stage", slug: "seed", name: "Seed", position: 1 }),
      JSON.stringify({ kind: "stage", slug: "series-a", name: "Series A", position: 2 }),
      card("old-seed", "seed"),
      card("old-a", "series-a"),
    ]),
  );
});
afterAll(async () => {
  await t?.close();
});

function card(slug: string, stage: string) {
  return JSON.stringify({ kind: "card", slug, name: slug.toUpperCase(), description: `About ${slug}`, stage });
}

async function alertsOf(accountId: number, filterId: number) {
  return t.db.notification.findMany({ where: { accountId, savedFilterId: filterId }, orderBy: { id: "asc" } });
}

async function followedFilter(accountId: number, name: string, stages: string[]) {
  const ui = await browserCaller(t.db, accountId);
  const f = (await ui.user.filters.create({ name, params: { stages } } as never)) as { id: number };
  await ui.notifications.follow({ id: f.id, alert: true });
  return { ui, id: f.id };
}

describe("notify", () => {
  it("makes one notification per subject, whatever the retries", async () => {
    const a = await radarAccount(t.db);
    const n = { kind: "mention" as const, subjectKey: "mention:comment-1", title: "Ann mentioned you", url: "/cards/old-seed" };
    const first = await notify(t.db, a.id, n);
    expect(first).toBeTypeOf("number");
    expect(await notify(t.db, a.id, { ...n, title: "again" })).toBeNull();
    await t.db.$transaction((tx) => notify(tx, a.id, n));
    const rows = await t.db.notification.findMany({ where: { accountId: a.id } });
    expect(rows.map((r) => r.title)).toEqual(["Ann mentioned you"]);
    await expect(notify(t.db, a.id, { ...n, subjectKey: "x", url: "https://elsewhere.example/" })).rejects.toThrow(/workspace path/);
    const ui = await browserCaller(t.db, a.id);
    expect(await ui.notifications.unreadCount()).toEqual({ unread: 1, cap: 100 });
  });
});

describe("saved-filter alerts", () => {
  it("evaluates only cards changed since the last run, and notifies each card once per filter", async () => {
    const a = await radarAccount(t.db);
    const { ui, id } = await followedFilter(a.id, "Seed deals", ["seed"]);
    await runAlerts(t.db);
    expect(await alertsOf(a.id, id)).toHaveLength(0); // old-seed matches but has not changed

    // The filter now matches an old card that has not changed since: it is never evaluated.
    await t.db.$executeRaw`UPDATE saved_filter SET params = '{"stages":["series-a"]}'::jsonb WHERE id = ${id}`;
    const [logged] = await t.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM vm_card_change`;
    expect(logged!.n).toBe(0);
    await runAlerts(t.db);
    expect(await alertsOf(a.id, id)).toHaveLength(0);

    // A new card and a changed old card that newly match alert once, in one notification.
    await importJsonl(t.db, linesSource([card("new-a", "series-a"), card("new-seed", "seed"), card("old-seed", "series-a")]));
    const run = await runAlerts(t.db);
    expect(run.changed).toBeGreaterThanOrEqual(3);
    const alerts = await alertsOf(a.id, id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.kind).toBe("saved_filter");
    expect(alerts[0]!.title).toBe("Seed deals: 2 new cards");
    expect(alerts[0]!.body).toContain("NEW-A");
    expect(alerts[0]!.url).toBe(`/cards?filter_id=${id}&only_new=true`);

    // Changed again: already notified for this filter, nothing new.
    await importJsonl(t.db, linesSource([card("new-a", "series-a")]));
    await runAlerts(t.db);
    expect(await alertsOf(a.id, id)).toHaveLength(1);

    // Unfollowed: nothing.
    await ui.notifications.follow({ id, alert: false });
    await importJsonl(t.db, linesSource([card("newer-a", "series-a")]));
    await runAlerts(t.db);
    expect(await alertsOf(a.id, id)).toHaveLength(1);
  });

  it("Mark seen reads the filter's alerts: seen and read agree", async () => {
    const a = await radarAccount(t.db);
    const { ui, id } = await followedFilter(a.id, "Seen deals", ["seed"]);
    const other = await followedFilter(a.id, "Other deals", ["series-a"]);
    await runAlerts(t.db);
    await importJsonl(t.db, linesSource([card("seen-1", "seed"), card("seen-2", "seed"), card("other-1", "series-a")]));
    await runAlerts(t.db);
    const unread = async (filter: number) => (await alertsOf(a.id, filter)).filter((n) => n.readAt === null).length;
    expect([await unread(id), await unread(other.id)]).toEqual([1, 1]);
    await ui.cards.markFilterSeen({ id: String(id) });
    expect([await unread(id), await unread(other.id)]).toEqual([0, 1]);
    expect((await ui.notifications.unreadCount()).unread).toBe(1);
  });

  it("a crash in the middle of a run loses and repeats nothing", async () => {
    const a = await radarAccount(t.db);
    const b = await radarAccount(t.db);
    const fa = await followedFilter(a.id, "A seed", ["seed"]);
    const fb = await followedFilter(b.id, "B seed", ["seed"]); // identical parameters: one group
    await runAlerts(t.db);
    await importJsonl(t.db, linesSource([card("crash-1", "seed"), card("crash-2", "seed")]));

    // The first batch commits, the second dies before its commit.
    let batches = 0;
    const crash = async () => {
      if (++batches === 2) throw new Error("worker killed");
    };
    await expect(runSavedFilterMatcher(t.db, { batch: 1, beforeCommit: crash })).rejects.toThrow("worker killed");
    await notifyFromEvents(t.db);
    expect((await alertsOf(a.id, fa.id)).length).toBe(1);
    const [left] = await t.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM vm_card_change`;
    expect(left!.n).toBeGreaterThan(0); // given back

    await runAlerts(t.db, { batch: 1 });
    await runAlerts(t.db);
    for (const [acc, f] of [
      [a.id, fa.id],
      [b.id, fb.id],
    ] as const) {
      const all = await alertsOf(acc, f);
      expect(all.map((n) => n.title)).toEqual([expect.stringMatching(/: 1 new card$/), expect.stringMatching(/: 1 new card$/)]);
      const named = all.map((n) => n.body).sort();
      expect(named).toEqual(["CRASH-1", "CRASH-2"]);
    }
  });

  it("runs through the durable queue on the worker", async () => {
    const a = await radarAccount(t.db);
    const { id } = await followedFilter(a.id, "Queued", ["seed"]);
    await importJsonl(t.db, linesSource([card("queued-seed", "seed")]));
    await runSavedFilterMatcher(t.db); // the matcher's own loop
    expect(await notificationTick(t.db, false)).toBe(false); // not due, nothing queued
    expect(await notificationTick(t.db, true)).toBe(true);
    expect(await alertsOf(a.id, id)).toHaveLength(1);
    const [jobs] = await t.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM job WHERE queue = 'notifications'`;
    expect(jobs!.n).toBe(0);
  });
});

describe("radar updates", () => {
  it("notifies the owner of a tracked connection once per update", async () => {
    const a = await radarAccount(t.db);
    const CTO = { title: "CTO", company: "Foo", startDate: "2020-01-01" };
    const profile = await networkAProfile(t.db, { slug: "nt-person", name: "Nia Tracked", experience: [CTO] });
    await api("POST", "/radar/applications/", { token: a.token, body: { source: "network_a", username: "nt-person" } });
    await processAll(t.db);
    await notifyFromEvents(t.db);
    await setExperience(t.db, profile.id, [
      { title: "CEO", company: "Bar", startDate: "2025-07-01" },
      { ...CTO, endDate: "2025-06-30" },
    ]);
    await refreshAll(t.db);
    expect((await notifyFromEvents(t.db)).notifications).toBe(1);
    expect((await notifyFromEvents(t.db)).notifications).toBe(0);
    const rows = await t.db.notification.findMany({ where: { accountId: a.id, kind: "radar_update" } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.title).toBe("Nia Tracked");
    expect(rows[0]!.url).toMatch(/^\/radar\/updates\?source=network_a&connection_id=\d+$/);
  });
});

describe("isolation", () => {
  it("another account cannot read, mark or follow what is not theirs", async () => {
    const a = await radarAccount(t.db);
    const b = await radarAccount(t.db);
    const id = (await notify(t.db, a.id, { kind: "invitation", subjectKey: "invitation:1", title: "Join Team", url: "/notifications" }))!;
    const fa = await followedFilter(a.id, "Mine", ["seed"]);
    const ub = await browserCaller(t.db, b.id);
    expect(await failure(ub.notifications.markRead({ id }))).toBe("not_found");
    expect(await failure(ub.notifications.follow({ id: fa.id, alert: false }))).toBe("not_found");
    expect((await ub.notifications.list({})).data).toEqual([]);
    expect(await ub.notifications.markAllRead()).toEqual({ marked: 0 });
    expect((await ub.notifications.followed()).ids).toEqual([]);

    const list = await fa.ui.notifications.list({});
    expect(list.unread).toBe(1);
    expect(list.data[0]).toMatchObject({ id, kind: "invitation", title: "Join Team", read_at: null });
    expect((await fa.ui.notifications.markRead({ id })).id).toBe(id);
    expect((await fa.ui.notifications.unreadCount()).unread).toBe(0);
    expect((await fa.ui.notifications.followed()).ids).toEqual([fa.id]);
  });
});

describe("preferences", () => {
  it("answers the defaults, stores valid choices and refuses invalid ones", async () => {
    const a = await radarAccount(t.db);
    const ui = await browserCaller(t.db, a.id);
    const p = await ui.notifications.preferences();
    expect(p.kinds.map((k) => [k.kind, k.email])).toEqual([
      ["saved_filter", "daily"],
      ["radar_update", "daily"],
      ["mention", "instant"],
      ["invitation", "instant"],
    ]);
    expect(p).toMatchObject({ digest_hour: 8, time_zone: "UTC", email_configured: false });
    const saved = await ui.notifications.setPreferences({
      kinds: [{ kind: "radar_update", email: "weekly" }],
      digest_hour: 18,
      time_zone: "Europe/Berlin",
    });
    expect(saved.kinds.find((k) => k.kind === "radar_update")!.email).toBe("weekly");
    expect(saved).toMatchObject({ digest_hour: 18, time_zone: "Europe/Berlin" });
    expect(await failure(ui.notifications.setPreferences({ time_zone: "Mars/Olympus" }))).toBe("validation_error");
    expect(await failure(ui.notifications.setPreferences({ digest_hour: 24 }))).toBe("validation_error");
    expect(await failure(ui.notifications.setPreferences({ kinds: [{ kind: "intro", email: "off" }] } as never))).toBe("validation_error");
    expect(await failure(ui.notifications.setPreferences({ kinds: [{ kind: "mention", email: "hourly" }] } as never))).toBe(
      "validation_error",
    );
    expect((await ui.notifications.preferences()).time_zone).toBe("Europe/Berlin");
  });
});

describe("demo notifications", () => {
  it("follow the account's first saved filter and leave a few unread notifications", async () => {
    const a = await radarAccount(t.db);
    const ui = await browserCaller(t.db, a.id);
    const f = (await ui.user.filters.create({ name: "Seed stage", params: { stages: ["seed"] } } as never)) as { id: number };
    const made = await seedDemoNotifications(t.db, (await t.db.account.findUniqueOrThrow({ where: { id: a.id } })).email);
    expect(made).toBe(1);
    expect((await ui.notifications.followed()).ids).toEqual([f.id]);
    const list = await ui.notifications.list({});
    expect(list.unread).toBe(1);
    expect(list.data[0]).toMatchObject({ kind: "saved_filter", url: `/cards?filter_id=${f.id}&only_new=true` });
    expect(list.data[0]!.title).toMatch(/^Seed stage: \d+ new cards?$/);
  });
});
