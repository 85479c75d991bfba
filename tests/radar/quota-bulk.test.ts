import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { networkAProfile, networkBProfile, processAll, radarAccount } from "./fixtures";

/** Quota accounting through create, tracking, delete and bulk; the bulk request and answer shapes. */

let t: TTestDb;
beforeAll(async () => {
  t = await openTestDb();
  for (const slug of ["p1", "p2", "p3", "p4"]) await networkAProfile(t.db, { slug, name: `Person ${slug}` });
  await networkBProfile(t.db, { username: "b1" });
});
afterAll(async () => {
  await t?.close();
});

const quota = async (token: string) => (await api("GET", "/radar/quota/", { token })).body.data;

describe("GET /radar/quota/", () => {
  it("reports both sources; limits come from the account or the defaults", async () => {
    const plain = await radarAccount(t.db);
    expect(await quota(plain.token)).toEqual({
      network_a: { limit: 100, used: 0, remaining: 100 },
      network_b: { limit: 100, used: 0, remaining: 100 },
    });
    const custom = await radarAccount(t.db, { a: 3, b: 0 });
    expect(await quota(custom.token)).toEqual({
      network_a: { limit: 3, used: 0, remaining: 3 },
      network_b: { limit: 0, used: 0, remaining: 0 },
    });
  });
});

describe("quota accounting", () => {
  it("counts applications (not failed) and tracked connections, through create, tracking and delete", async () => {
    const { token } = await radarAccount(t.db, { a: 3 });
    const c1 = await api("POST", "/radar/applications/", { token, body: { source: "network_a", username: "p1" } });
    expect(c1.body.quota.network_a).toEqual({ limit: 3, used: 1, remaining: 2 });
    const idle = await api("POST", "/radar/applications/", { token, body: { source: "network_a", username: "p2", is_tracking: false } });
    expect(idle.body.quota.network_a.used).toBe(2);
    await processAll(t.db); // p1 becomes a tracked connection: still counted
    expect((await quota(token)).network_a.used).toBe(2);

    const third = await api("POST", "/radar/applications/", { token, body: { source: "network_a", username: "p3" } });
    expect(third.body.quota.network_a).toEqual({ limit: 3, used: 3, remaining: 0 });
    const over = await api("POST", "/radar/applications/", { token, body: { source: "network_a", username: "p4" } });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ error: "tracking_limit_reached", message: expect.stringContaining("3") });
    // The other source has its own quota.
    expect((await api("POST", "/radar/applications/", { token, body: { source: "network_b", username: "b1" } })).status).toBe(200);

    // Untracking a connection frees a place; tracking it again takes it back, and is refused when full.
    const off = await api("PATCH", `/radar/connections/network_a/${c1.body.data.id}/tracking/`, { token, body: { is_tracking: false } });
    expect(off.body.quota.network_a.used).toBe(2);
    const p4 = await api("POST", "/radar/applications/", { token, body: { source: "network_a", username: "p4" } });
    expect(p4.body.quota.network_a.used).toBe(3);
    const on = await api("PATCH", `/radar/connections/network_a/${c1.body.data.id}/tracking/`, { token, body: { is_tracking: true } });
    expect(on.status).toBe(400);
    expect(on.body.error).toBe("tracking_limit_reached");
    const bulkOn = await api("PATCH", "/radar/connections/bulk-tracking/", {
      token,
      body: { source: "network_a", ids: [c1.body.data.id], is_tracking: true },
    });
    expect(bulkOn.body.error).toBe("tracking_limit_reached");

    // Deleting an application frees its place.
    const del = await api("DELETE", `/radar/applications/network_a/${p4.body.data.id}/`, { token });
    expect(del.body.quota.network_a.used).toBe(2);
    const on2 = await api("PATCH", `/radar/connections/network_a/${c1.body.data.id}/tracking/`, { token, body: { is_tracking: true } });
    expect(on2.status).toBe(200);
    expect(on2.body.quota.network_a.used).toBe(3);
    // Disconnecting frees it too; application tracking changes never change the count.
    const disc = await api("DELETE", `/radar/connections/network_a/${c1.body.data.id}/`, { token });
    expect(disc.body.quota.network_a.used).toBe(2);
    const appOff = await api("PATCH", `/radar/applications/network_a/${idle.body.data.id}/tracking/`, {
      token,
      body: { is_tracking: true },
    });
    expect(appOff.body.quota.network_a.used).toBe(2);
  });

  it("refuses concurrent creates beyond the limit (exactly the free places are taken)", async () => {
    const { token, id } = await radarAccount(t.db, { a: 2 });
    const results = await Promise.all(
      ["c1", "c2", "c3", "c4", "c5"].map((u) => api("POST", "/radar/applications/", { token, body: { source: "network_a", username: u } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.body.error === "tracking_limit_reached")).toHaveLength(3);
    expect(await t.db.radarApplication.count({ where: { accountId: id } })).toBe(2);
  });
});

describe("bulk", () => {
  it("creates per item: created, existing and errors by index; one bad item never loses the others", async () => {
    const { token } = await radarAccount(t.db, { a: 4 });
    const tracked = (await api("POST", "/radar/applications/", { token, body: { source: "network_a", username: "p1" } })).body.data.id;
    await processAll(t.db);
    const r = await api("POST", "/radar/applications/bulk/", {
      token,
      body: {
        source: "network_a",
        applications: [
          { username: "p2" },
          { network_b_url: "https://network-b.example/b1" },
          { username: "P1" },
          { network_a_url: "not a url" },
          { source: "network_a", network_a_url: "https://network-a.example/in/p3", is_tracking: false },
          { username: "p2" },
          "p4",
          { username: "p4", extra: 1 },
          { username: "p4" },
          { username: "p5" },
          { source: "network_b", username: "p6" },
        ],
      },
    });
    expect(r.status).toBe(200);
    const { created, existing, errors } = r.body.data;
    expect(created.map((c: { index: number }) => c.index)).toEqual([0, 4, 8]);
    expect(created[1].application).toMatchObject({
      network_a_url: "https://network-a.example/in/p3",
      is_tracking: false,
      init_status: "idle",
    });
    expect(existing).toEqual([
      { index: 2, already_tracked: true, connection: expect.objectContaining({ id: tracked }) },
      { index: 5, already_tracked: false, application: expect.objectContaining({ id: created[0].application.id }) },
    ]);
    expect(errors.map((e: { index: number; error: string }) => [e.index, e.error])).toEqual([
      [1, "validation_error"],
      [3, "validation_error"],
      [6, "validation_error"],
      [7, "validation_error"],
      [9, "tracking_limit_reached"],
      [10, "validation_error"],
    ]);
    expect(errors[0].message).toContain("network_b_url");
    expect(errors[3].message).toContain("extra");
    expect(r.body.quota.network_a).toEqual({ limit: 4, used: 4, remaining: 0 });
  });

  it("bulk tracking and bulk delete of applications answer counts and the quota", async () => {
    const { token } = await radarAccount(t.db);
    const made = await api("POST", "/radar/applications/bulk/", {
      token,
      body: {
        source: "network_b",
        applications: [{ username: "x1", is_tracking: false }, { username: "x2", is_tracking: false }, { username: "x3" }],
      },
    });
    const ids = made.body.data.created.map((c: { application: { id: number } }) => c.application.id);
    const on = await api("PATCH", "/radar/applications/bulk-tracking/", { token, body: { source: "network_b", ids, is_tracking: true } });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({
      data: { updated: 3 },
      quota: expect.objectContaining({ network_b: { limit: 100, used: 3, remaining: 97 } }),
    });
    const listed = await api("GET", "/radar/applications/network_b/?init_status=pending", { token });
    expect(listed.body.data).toHaveLength(3);
    const del = await api("POST", "/radar/applications/bulk-delete/", { token, body: { source: "network_b", ids: ids.slice(0, 2) } });
    expect(del.body).toEqual({
      data: { deleted: 2 },
      quota: expect.objectContaining({ network_b: { limit: 100, used: 1, remaining: 99 } }),
    });
  });

  it("bulk tracking and bulk delete of connections", async () => {
    const { token } = await radarAccount(t.db);
    const made = await api("POST", "/radar/applications/bulk/", {
      token,
      body: { source: "network_a", applications: [{ username: "p1" }, { username: "p2" }] },
    });
    const ids = made.body.data.created.map((c: { application: { id: number } }) => c.application.id);
    await processAll(t.db);
    const off = await api("PATCH", "/radar/connections/bulk-tracking/", { token, body: { source: "network_a", ids, is_tracking: false } });
    expect(off.body).toEqual({
      data: { updated: 2 },
      quota: expect.objectContaining({ network_a: { limit: 100, used: 0, remaining: 100 } }),
    });
    const listed = await api("GET", "/radar/connections/network_a/?is_tracking=false", { token });
    expect(listed.body.data).toHaveLength(2);
    const del = await api("POST", "/radar/connections/bulk-delete/", { token, body: { source: "network_a", ids } });
    expect(del.body.data).toEqual({ deleted: 2 });
  });
});
