import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserUser, failure, type TBrowserUser } from "../helpers/trpc";
import { networkAProfile, networkBProfile, processAll, refreshAll, setExperience } from "./fixtures";

/**
 * The radar procedures the /radar and /radar/updates pages call, as a signed-in browser user:
 * another account never sees or changes the first's applications, connections or updates; the
 * feed's date range and its founder and card links.
 */

let t: TTestDb;
let alice: TBrowserUser;
let bob: TBrowserUser;
const ids = { a: 0, b: 0, failed: 0, idle: 0, profile: 0 };

beforeAll(async () => {
  t = await openTestDb();
  alice = await browserUser(t.db);
  bob = await browserUser(t.db);
  const p = await networkAProfile(t.db, {
    slug: "ws-founder",
    name: "Wes Founder",
    headline: "Builder",
    experience: [{ title: "CTO", company: "Old Co" }],
  });
  ids.profile = p.id;
  await t.db.card.create({ data: { slug: "ws-founder-co", name: "WS Founder Co", networkAProfileId: p.id } });
  await networkBProfile(t.db, { username: "ws_b", bio: "First bio" });
  const bulk = await alice.ui.radar.bulkCreateApplications({
    source: "network_b",
    applications: [{ username: "ws_b" }, { username: "ws_missing" }, { network_b_user_id: "abc" }],
  });
  expect(bulk.data.created.map((c) => c.index)).toEqual([0, 1]);
  expect(bulk.data.errors.map((e) => e.index)).toEqual([2]);
  const a = await alice.ui.radar.createApplication({ source: "network_a", username: "ws-founder" });
  ids.a = (a.data as { id: number }).id;
  ids.idle = (
    (await alice.ui.radar.createApplication({ source: "network_a", username: "ws-idle", is_tracking: false })).data as { id: number }
  ).id;
  await processAll(t.db);
  ids.b = bulk.data.created[0]!.application.id;
  ids.failed = bulk.data.created[1]!.application.id;
  await setExperience(t.db, p.id, [{ title: "CEO", company: "New Co" }], "Founder at New Co");
  await t.db.networkBProfile.update({ where: { username: "ws_b" }, data: { bio: "Second bio" } });
  await refreshAll(t.db);
});
afterAll(async () => {
  await t?.close();
});

describe("radar procedures of the workspace pages, across two accounts", () => {
  it("lists only the caller's applications, connections and updates", async () => {
    const apps = await alice.ui.radar.listApplications({ source: "network_b" });
    expect(apps.data.map((x) => [x.id, x.init_status])).toEqual([[ids.failed, "failed"]]);
    expect((await alice.ui.radar.listConnections({ source: "network_b" })).data.map((c) => c.id)).toEqual([ids.b]);
    expect((await alice.ui.radar.updates({})).pagination.total).toBe(2);

    expect((await bob.ui.radar.listApplications({ source: "network_b" })).data).toEqual([]);
    expect((await bob.ui.radar.listApplications({ source: "network_a" })).data).toEqual([]);
    expect((await bob.ui.radar.listConnections({ source: "network_a" })).data).toEqual([]);
    expect((await bob.ui.radar.updates({})).data).toEqual([]);
    expect((await bob.ui.radar.quota({})).data.network_a.used).toBe(0);
    expect(await failure(bob.ui.radar.updates({ source: "network_a", connection_id: String(ids.a) }))).toBe("validation_error");
    expect(await failure(bob.ui.radar.connectionDetail({ source: "network_a", id: String(ids.a) }))).toBe("not_found");
  });

  it("refuses another account's changes and leaves the rows as they were", async () => {
    const b = { source: "network_b" as const };
    expect(await failure(bob.ui.radar.retryApplication({ ...b, id: String(ids.failed) }))).toBe("not_found");
    expect(await failure(bob.ui.radar.applicationTracking({ source: "network_a", id: String(ids.idle), is_tracking: true }))).toBe(
      "not_found",
    );
    expect(await failure(bob.ui.radar.deleteApplication({ ...b, id: String(ids.failed) }))).toBe("not_found");
    expect(await failure(bob.ui.radar.connectionTracking({ ...b, id: String(ids.b), is_tracking: false }))).toBe("not_found");
    expect(await failure(bob.ui.radar.disconnect({ ...b, id: String(ids.b) }))).toBe("not_found");
    expect(await failure(bob.ui.radar.bulkConnectionTracking({ ...b, ids: [ids.b], is_tracking: false }))).toBe("validation_error");
    expect(await failure(bob.ui.radar.bulkDisconnect({ ...b, ids: [ids.b] }))).toBe("validation_error");
    expect(await failure(bob.ui.radar.bulkApplicationTracking({ ...b, ids: [ids.failed], is_tracking: false }))).toBe("validation_error");
    expect(await failure(bob.ui.radar.bulkDeleteApplications({ ...b, ids: [ids.failed] }))).toBe("validation_error");
    // Following the same profile makes Bob his own application, not a share of Alice's.
    const mine = await bob.ui.radar.createApplication({ ...b, username: "ws_b" });
    expect("already_tracked" in mine.data).toBe(false);

    const apps = await alice.ui.radar.listApplications({ source: "network_b" });
    expect(apps.data.map((x) => [x.id, x.init_status, x.is_tracking])).toEqual([[ids.failed, "failed", true]]);
    const conns = await alice.ui.radar.listConnections({ source: "network_b" });
    expect(conns.data.map((c) => [c.id, c.is_tracking])).toEqual([[ids.b, true]]);
    expect((await alice.ui.radar.updates({})).pagination.total).toBe(2);
  });

  it("lets the owner retry, toggle and bulk-change, the quota following each action", async () => {
    const before = (await alice.ui.radar.quota({})).data.network_b.used;
    // A failed application holds no quota; Retry takes a place again.
    const retried = await alice.ui.radar.retryApplication({ source: "network_b", id: String(ids.failed) });
    expect(retried.data.init_status).toBe("pending");
    expect((await alice.ui.radar.quota({})).data.network_b.used).toBe(before + 1);
    const off = await alice.ui.radar.bulkConnectionTracking({ source: "network_b", ids: [ids.b], is_tracking: false });
    expect(off.quota.network_b.used).toBe(before);
    const on = await alice.ui.radar.connectionTracking({ source: "network_b", id: String(ids.b), is_tracking: true });
    expect(on.quota.network_b.used).toBe(before + 1);
  });
});

describe("the updates feed of /radar/updates", () => {
  it("filters by date range (detected_after / detected_before, whole days, UTC) with a matching total", async () => {
    await t.db.radarUpdate.updateMany({ where: { source: "network_b" }, data: { detectedAt: new Date("2026-03-10T23:30:00Z") } });
    await t.db.radarUpdate.updateMany({ where: { source: "network_a" }, data: { detectedAt: new Date("2026-03-12T00:10:00Z") } });
    const day = async (after?: string, before?: string) => {
      const r = await alice.ui.radar.updates({ detected_after: after, detected_before: before });
      return { sources: r.data.map((u) => u.connection.source), total: r.pagination.total };
    };
    expect(await day("2026-03-10", "2026-03-10")).toEqual({ sources: ["network_b"], total: 1 });
    expect(await day("2026-03-11")).toEqual({ sources: ["network_a"], total: 1 });
    expect(await day(undefined, "2026-03-11")).toEqual({ sources: ["network_b"], total: 1 });
    expect(await day("2026-03-01", "2026-03-31")).toEqual({ sources: ["network_a", "network_b"], total: 2 });
    expect(await failure(alice.ui.radar.updates({ detected_after: "2026-02-30" }))).toBe("validation_error");
    // Another account's range is empty.
    expect((await bob.ui.radar.updates({ detected_after: "2026-03-01" })).pagination.total).toBe(0);
  });

  it("names the founder profile and the card of a network_a connection, nothing for network_b", async () => {
    const feed = await alice.ui.radar.updates({});
    const a = feed.data.find((u) => u.connection.source === "network_a")!;
    expect(a.change_type).toBe("combined");
    expect(a.connection).toMatchObject({ id: ids.a, profile_id: ids.profile, card_slug: "ws-founder-co" });
    const b = feed.data.find((u) => u.connection.source === "network_b")!;
    expect(b.connection).toMatchObject({ profile_id: null, card_slug: null });
  });
});
