import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { networkAProfile, networkBProfile, processAll, radarAccount } from "./fixtures";

/** The spec's radar state table, row by row, and the already-tracked and duplicate rules. */

let t: TTestDb;
beforeAll(async () => {
  t = await openTestDb();
  await networkAProfile(t.db, {
    slug: "ada-lovelace",
    name: "Ada Lovelace",
    urn: "ACoAAAda",
    experience: [{ title: "Analyst", company: "Engines" }],
  });
  await networkAProfile(t.db, { slug: "alan-turing", name: "Alan Turing", experience: [{ title: "Fellow", company: "Kings" }] });
  await networkBProfile(t.db, { username: "grace", name: "Grace Hopper", bio: "COBOL", userId: "777" });
});
afterAll(async () => {
  await t?.close();
});

const create = (token: string, body: unknown) => api("POST", "/radar/applications/", { token, body });
const app = async (id: number) => t.db.radarApplication.findUnique({ where: { id } });

describe("state table", () => {
  it("(none) → create with is_tracking true (default): queued as pending, no connection yet", async () => {
    const { token } = await radarAccount(t.db);
    const r = await create(token, { source: "network_a", username: "ada-lovelace" });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      source: "network_a",
      username: "ada-lovelace",
      network_a_url: null,
      is_tracking: true,
      init_status: "pending",
      radar_error: null,
    });
    expect(r.body.data).not.toHaveProperty("network_b_url");
    expect(await t.db.radarConnection.count({ where: { id: r.body.data.id } })).toBe(0);
    const listed = await api("GET", "/radar/applications/network_a/", { token });
    expect(listed.body.data.map((a: { id: number }) => a.id)).toEqual([r.body.data.id]);
  });

  it("(none) → create with is_tracking false: idle, not queued (the worker leaves it alone)", async () => {
    const { token } = await radarAccount(t.db);
    const r = await create(token, { source: "network_a", username: "alan-turing", is_tracking: false });
    expect(r.body.data).toMatchObject({ is_tracking: false, init_status: "idle" });
    await processAll(t.db);
    expect((await app(r.body.data.id))?.initStatus).toBe("idle");
  });

  it("queued → processing succeeds: becomes a connection with the same id, the application is removed", async () => {
    const { token } = await radarAccount(t.db);
    const r = await create(token, { source: "network_b", network_b_user_id: "777" });
    const id = r.body.data.id;
    const done = await processAll(t.db);
    expect(done.connected).toBeGreaterThanOrEqual(1);
    expect(await app(id)).toBeNull();
    const c = await api("GET", `/radar/connections/network_b/${id}/`, { token });
    expect(c.status).toBe(200);
    expect(c.body.data).toMatchObject({
      id,
      source: "network_b",
      external_id: "777",
      username: "grace",
      name: "Grace Hopper",
      is_tracking: true,
    });
    expect(c.body.data.profile).toEqual({ bio: "COBOL", location: "Lisbon", url: "https://network-b.example/grace", followers: 42 });
    expect(c.body.data.activity.recent_posts).toHaveLength(1);
    expect(c.body.data.activity.followed_accounts).toEqual([{ username: "someone" }]);
    expect((await api("GET", "/radar/applications/network_b/", { token })).body.data).toEqual([]);
    expect(await t.db.radarSnapshot.count({ where: { connectionId: id } })).toBe(1);
  });

  it("queued → processing fails: failed with radar_error {code, message, attempts, failed_at}", async () => {
    const { token } = await radarAccount(t.db);
    const r = await create(token, { source: "network_a", username: "nobody-here" });
    await processAll(t.db);
    const listed = await api("GET", "/radar/applications/network_a/?init_status=failed", { token });
    expect(listed.body.data).toHaveLength(1);
    const failed = listed.body.data[0];
    expect(failed).toMatchObject({ id: r.body.data.id, init_status: "failed" });
    expect(failed.radar_error).toEqual({
      code: "profile_not_found",
      message: expect.stringContaining("nobody-here"),
      attempts: 1,
      failed_at: expect.any(String),
    });
    expect(new Date(failed.radar_error.failed_at).toISOString()).toBe(failed.radar_error.failed_at);
    // Failures are retried only on request.
    await processAll(t.db);
    expect((await app(r.body.data.id))?.attempts).toBe(1);
  });

  it("failed → POST retry: re-queued as pending (error cleared); only failed ones can be retried", async () => {
    const { token } = await radarAccount(t.db);
    const r = await create(token, { source: "network_a", username: "later-profile" });
    const id = r.body.data.id;
    const early = await api("POST", `/radar/applications/network_a/${id}/retry/`, { token });
    expect(early.status).toBe(400);
    expect(early.body.error).toBe("validation_error");
    await processAll(t.db);
    expect((await app(id))?.initStatus).toBe("failed");
    await networkAProfile(t.db, { slug: "later-profile", name: "Late Comer" });
    const retried = await api("POST", `/radar/applications/network_a/${id}/retry/`, { token });
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ id, init_status: "pending", radar_error: null, is_tracking: true });
    await processAll(t.db);
    expect((await api("GET", `/radar/connections/network_a/${id}/`, { token })).body.data.name).toBe("Late Comer");
  });

  it("application → PATCH tracking: sets is_tracking; on queues an idle one, off un-queues a pending one", async () => {
    const { token } = await radarAccount(t.db);
    const r = await create(token, { source: "network_a", username: "alan-turing", is_tracking: false });
    const id = r.body.data.id;
    const on = await api("PATCH", `/radar/applications/network_a/${id}/tracking/`, { token, body: { is_tracking: true } });
    expect(on.status).toBe(200);
    expect(on.body.data).toMatchObject({ id, is_tracking: true, init_status: "pending" });
    expect(on.body.quota.network_a.used).toBe(1);
    const off = await api("PATCH", `/radar/applications/network_a/${id}/tracking/`, { token, body: { is_tracking: false } });
    expect(off.body.data).toMatchObject({ is_tracking: false, init_status: "idle" });
  });

  it("connection → PATCH tracking: sets is_tracking", async () => {
    const { token } = await radarAccount(t.db);
    const id = (await create(token, { source: "network_a", network_a_url: "https://network-a.example/in/ada-lovelace" })).body.data.id;
    await processAll(t.db);
    const off = await api("PATCH", `/radar/connections/network_a/${id}/tracking/`, { token, body: { is_tracking: false } });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ id, is_tracking: false });
    expect(off.body.quota.network_a).toEqual({ limit: 100, used: 0, remaining: 100 });
    const on = await api("PATCH", `/radar/connections/network_a/${id}/tracking/`, { token, body: { is_tracking: true } });
    expect(on.body.data.is_tracking).toBe(true);
  });

  it("application → DELETE and bulk delete: removed", async () => {
    const { token } = await radarAccount(t.db);
    const a = (await create(token, { source: "network_a", username: "one" })).body.data.id;
    const b = (await create(token, { source: "network_a", username: "two" })).body.data.id;
    const c = (await create(token, { source: "network_a", username: "three" })).body.data.id;
    const del = await api("DELETE", `/radar/applications/network_a/${a}/`, { token });
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ data: { id: a, deleted: true }, quota: { network_a: { used: 2 } } });
    expect(await app(a)).toBeNull();
    const bulk = await api("POST", "/radar/applications/bulk-delete/", { token, body: { source: "network_a", ids: [b, c, b] } });
    expect(bulk.status).toBe(200);
    expect(bulk.body).toMatchObject({ data: { deleted: 2 }, quota: { network_a: { used: 0 } } });
    expect((await api("DELETE", `/radar/applications/network_a/${a}/`, { token })).status).toBe(404);
  });

  it("connection → DELETE and bulk delete: removed (disconnected) with their snapshots", async () => {
    const { token } = await radarAccount(t.db);
    const a = (await create(token, { source: "network_a", username: "ada-lovelace" })).body.data.id;
    const b = (await create(token, { source: "network_a", username: "alan-turing" })).body.data.id;
    await processAll(t.db);
    const del = await api("DELETE", `/radar/connections/network_a/${a}/`, { token });
    expect(del.body).toMatchObject({ data: { id: a, deleted: true }, quota: { network_a: { used: 1 } } });
    expect(await t.db.radarSnapshot.count({ where: { connectionId: a } })).toBe(0);
    expect((await api("GET", `/radar/connections/network_a/${a}/`, { token })).status).toBe(404);
    const bulk = await api("POST", "/radar/connections/bulk-delete/", { token, body: { source: "network_a", ids: [b] } });
    expect(bulk.body).toMatchObject({ data: { deleted: 1 }, quota: { network_a: { used: 0 } } });
  });
});

describe("already tracked and duplicates", () => {
  it("returns the existing connection and the quota, creating nothing, whatever identifier names it", async () => {
    const { id: accountId, token } = await radarAccount(t.db);
    const id = (await create(token, { source: "network_a", username: "ada-lovelace" })).body.data.id;
    await processAll(t.db);
    for (const body of [
      { source: "network_a", username: "Ada-Lovelace" },
      { source: "network_a", network_a_url: "https://network-a.example/in/ada-lovelace/?trk=x" },
      { source: "network_a", username: "ACoAAAda" },
    ]) {
      const r = await create(token, body);
      expect(r.status).toBe(200);
      expect(r.body.data).toEqual({
        already_tracked: true,
        connection: expect.objectContaining({ id, source: "network_a", name: "Ada Lovelace" }),
      });
      expect(r.body.quota.network_a).toEqual({ limit: 100, used: 1, remaining: 99 });
    }
    expect(await t.db.radarApplication.count({ where: { accountId } })).toBe(0);
    expect(await t.db.radarConnection.count({ where: { accountId } })).toBe(1);
  });

  it("does not create a second application for the same profile (any state)", async () => {
    const { id: accountId, token } = await radarAccount(t.db);
    const first = await create(token, { source: "network_b", username: "newbie" });
    const again = await create(token, { source: "network_b", network_b_url: "https://network-b.example/@NewBie" });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(again.body.quota.network_b.used).toBe(1);
    expect(await t.db.radarApplication.count({ where: { accountId } })).toBe(1);
  });

  it("matches numeric ids too, and a profile named twice before processing connects once (the other fails already_connected)", async () => {
    const { token } = await radarAccount(t.db);
    const byName = (await create(token, { source: "network_b", username: "grace" })).body.data.id;
    const byId = (await create(token, { source: "network_b", network_b_user_id: "777" })).body.data.id;
    expect(byId).not.toBe(byName);
    await processAll(t.db);
    expect((await api("GET", `/radar/connections/network_b/${byName}/`, { token })).status).toBe(200);
    const failed = await app(byId);
    expect(failed?.initStatus).toBe("failed");
    expect(failed?.radarError).toMatchObject({ code: "already_connected" });
    const again = await create(token, { source: "network_b", network_b_user_id: "0777" });
    expect(again.body.data).toMatchObject({ already_tracked: true, connection: { id: byName, external_id: "777" } });
  });

  it("different accounts may follow the same profile", async () => {
    const one = await radarAccount(t.db);
    const two = await radarAccount(t.db);
    const a = (await create(one.token, { source: "network_a", username: "alan-turing" })).body.data.id;
    const b = (await create(two.token, { source: "network_a", username: "alan-turing" })).body.data.id;
    expect(a).not.toBe(b);
    await processAll(t.db);
    expect((await api("GET", `/radar/connections/network_a/${a}/`, { token: one.token })).status).toBe(200);
    expect((await api("GET", `/radar/connections/network_a/${b}/`, { token: two.token })).status).toBe(200);
  });
});
