import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { datasetConnector } from "~/server/domain/radar/connectors";
import { refreshBatch } from "~/server/domain/radar/refresh";
import { api } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { networkAProfile, networkBProfile, processAll, radarAccount, refreshAll, setExperience } from "./fixtures";

/** Change detection: each body variant, no change, untracked connections, the schedule. */

let t: TTestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t?.close();
});

const CTO = { title: "CTO", company: "Foo", startDate: "2020-01-01" };
const PAST_CTO = { ...CTO, endDate: "2025-06-30" };
const CEO = { title: "CEO", company: "Bar", startDate: "2025-07-01" };

/** A fresh account following a fresh network_a profile (processed). */
async function followA(slug: string, headline = "Building Foo") {
  const profile = await networkAProfile(t.db, { slug, name: `Name ${slug}`, headline, experience: [CTO] });
  const acc = await radarAccount(t.db);
  const id = (await api("POST", "/radar/applications/", { token: acc.token, body: { source: "network_a", username: slug } })).body.data.id;
  await processAll(t.db);
  return { ...acc, profileId: profile.id, connectionId: id };
}

const feed = async (token: string) => (await api("GET", "/radar/updates/", { token })).body;

describe("change detection", () => {
  it("career change: body {variant: career_change, previous, current}", async () => {
    const f = await followA("career-only");
    await setExperience(t.db, f.profileId, [CEO, PAST_CTO]);
    await refreshAll(t.db);
    const body = await feed(f.token);
    expect(body.pagination.total).toBe(1);
    const update = body.data[0];
    expect(update).toEqual({
      id: expect.any(Number),
      description: "Name career-only moved from CTO at Foo to CEO at Bar.",
      change_type: "career_change",
      body: {
        variant: "career_change",
        previous: { title: "CTO", company: "Foo", start_date: "2020-01-01", end_date: null, location: null, description: null },
        current: { title: "CEO", company: "Bar", start_date: "2025-07-01", end_date: null, location: null, description: null },
      },
      detected_at: expect.any(String),
      connection: {
        id: f.connectionId,
        source: "network_a",
        username: "career-only",
        name: "Name career-only",
        profile_id: f.profileId,
        card_slug: null,
      },
    });
    const detail = (await api("GET", `/radar/connections/network_a/${f.connectionId}/`, { token: f.token })).body.data;
    expect(detail.company).toBe("Bar");
    expect(detail.career.history).toEqual([expect.objectContaining({ title: "CTO", end_date: "2025-06-30" })]);
  });

  it("leaving a position without a new one is a career change to null", async () => {
    const f = await followA("left-job");
    await setExperience(t.db, f.profileId, [PAST_CTO]);
    await refreshAll(t.db);
    const [update] = (await feed(f.token)).data;
    expect(update.body).toMatchObject({ variant: "career_change", previous: { title: "CTO" }, current: null });
    expect(update.description).toBe("Name left-job left CTO at Foo.");
  });

  it("headline change alone: change_type headline_change in a combined body of one item", async () => {
    const f = await followA("headline-only");
    await setExperience(t.db, f.profileId, [CTO], "Now building Foo 2");
    await refreshAll(t.db);
    const [update] = (await feed(f.token)).data;
    expect(update.change_type).toBe("headline_change");
    expect(update.body).toEqual({
      variant: "combined",
      changes: [{ change_type: "headline_change", previous_headline: "Building Foo", current_headline: "Now building Foo 2" }],
    });
    expect(update.description).toBe("Name headline-only changed their headline to “Now building Foo 2”.");
  });

  it("career and headline at once: combined {changes: [...]}", async () => {
    const f = await followA("both");
    await setExperience(t.db, f.profileId, [CEO, PAST_CTO], "CEO at Bar");
    await refreshAll(t.db);
    const body = await feed(f.token);
    expect(body.data).toHaveLength(1);
    expect(body.data[0].change_type).toBe("combined");
    expect(body.data[0].body.variant).toBe("combined");
    expect(body.data[0].body.changes.map((c: { change_type: string }) => c.change_type)).toEqual(["career_change", "headline_change"]);
    expect(body.data[0].description).toContain("moved from CTO at Foo to CEO at Bar; changed their headline");
  });

  it("network_b bio change: body {variant: network_b_bio_change, previous_bio, current_bio}", async () => {
    const profile = await networkBProfile(t.db, { username: "bio_person", name: "Bio Person", bio: "Old bio" });
    const { token } = await radarAccount(t.db);
    const id = (await api("POST", "/radar/applications/", { token, body: { source: "network_b", username: "bio_person" } })).body.data.id;
    await processAll(t.db);
    await t.db.networkBProfile.update({ where: { id: profile.id }, data: { bio: "New bio" } });
    await refreshAll(t.db);
    const [update] = (await feed(token)).data;
    expect(update).toMatchObject({
      change_type: "bio_change",
      description: "Bio Person changed their bio to “New bio”.",
      body: { variant: "network_b_bio_change", previous_bio: "Old bio", current_bio: "New bio" },
      connection: { id, source: "network_b", username: "bio_person", name: "Bio Person" },
    });
  });

  it("an unchanged snapshot creates nothing; an untracked change is stored without an update", async () => {
    const f = await followA("steady");
    const snapshots = () => t.db.radarSnapshot.count({ where: { connectionId: f.connectionId } });
    expect(await snapshots()).toBe(1);
    await refreshAll(t.db);
    expect((await feed(f.token)).data).toEqual([]);
    expect(await snapshots()).toBe(1);
    // A change in a field that is not tracked for updates (summary): new snapshot, no update.
    await t.db.profile.update({ where: { id: f.profileId }, data: { summary: "Something else" } });
    await refreshAll(t.db);
    expect(await snapshots()).toBe(2);
    expect((await feed(f.token)).data).toEqual([]);
    const detail = (await api("GET", `/radar/connections/network_a/${f.connectionId}/`, { token: f.token })).body.data;
    expect(detail.profile.summary).toBe("Something else");
    // Case and spacing of the same position are not a change.
    await setExperience(t.db, f.profileId, [{ ...CTO, title: " cto ", company: "FOO" }]);
    await refreshAll(t.db);
    expect((await feed(f.token)).data).toEqual([]);
  });

  it("untracked connections are not refreshed", async () => {
    const f = await followA("untracked");
    await api("PATCH", `/radar/connections/network_a/${f.connectionId}/tracking/`, { token: f.token, body: { is_tracking: false } });
    const before = await t.db.radarConnection.findUniqueOrThrow({ where: { id: f.connectionId } });
    await setExperience(t.db, f.profileId, [CEO, PAST_CTO]);
    await refreshAll(t.db);
    expect((await feed(f.token)).data).toEqual([]);
    const after = await t.db.radarConnection.findUniqueOrThrow({ where: { id: f.connectionId } });
    expect(after.lastRefreshedAt).toEqual(before.lastRefreshedAt);
  });

  it("the schedule refreshes only connections not refreshed since the cutoff", async () => {
    const f = await followA("scheduled");
    await setExperience(t.db, f.profileId, [CEO, PAST_CTO]);
    const longAgo = new Date(Date.now() - 24 * 3600 * 1000);
    const notDue = await refreshBatch(t.db, longAgo, { connector: datasetConnector(t.db) });
    expect(notDue.claimed).toBe(0);
    await t.db.radarConnection.update({
      where: { id: f.connectionId },
      data: { lastRefreshedAt: new Date(Date.now() - 48 * 3600 * 1000) },
    });
    const due = await refreshBatch(t.db, longAgo, { connector: datasetConnector(t.db) });
    expect(due).toMatchObject({ claimed: 1, updates: 1 });
    expect((await feed(f.token)).data).toHaveLength(1);
  });
});
