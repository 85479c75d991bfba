import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { datasetConnector } from "~/server/domain/radar/connectors";
import { ConnectorError, type TConnector } from "~/server/domain/radar/connectors/types";
import { REFRESH_INTERVAL_MS, REFRESH_RETRY_DELAYS_MS, refreshBatch } from "~/server/domain/radar/refresh";
import { api } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { networkAProfile, processAll, radarAccount, setExperience } from "./fixtures";

/**
 * A refresh whose connector call fails leaves the connection's last_refreshed_at as it was and
 * retries it after 1 min, 5 min, 30 min, then every 2 h, instead of skipping it for the 6-hour
 * cycle; a refresh that gets an answer resets that.
 */

let t: TTestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t?.close();
});

/** The dataset connector, whose refresh calls fail while `down` is true. */
function flakyConnector(): TConnector & { down: boolean; calls: number } {
  const inner = datasetConnector(t.db);
  const c = {
    name: "flaky",
    down: true,
    calls: 0,
    resolve: inner.resolve.bind(inner),
    fetch: async (...args: Parameters<TConnector["fetch"]>) => {
      c.calls += 1;
      if (c.down) throw new ConnectorError("connector_unavailable", "the enrichment service answered 503");
      return inner.fetch(...args);
    },
  };
  return c;
}

const cycleCutoff = () => new Date(Date.now() - REFRESH_INTERVAL_MS);
const row = (id: number) => t.db.radarConnection.findUniqueOrThrow({ where: { id } });

describe("refresh retries after a connector failure", () => {
  it("keeps last_refreshed_at, backs off 1, 5, 30 min then 2 h, and succeeds later with the update", async () => {
    const profile = await networkAProfile(t.db, {
      slug: "flaky-person",
      name: "Flaky Person",
      experience: [{ title: "CTO", company: "Foo", startDate: "2020-01-01" }],
    });
    const { token } = await radarAccount(t.db);
    const id = (await api("POST", "/radar/applications/", { token, body: { source: "network_a", username: "flaky-person" } })).body.data.id;
    await processAll(t.db);
    await setExperience(t.db, profile.id, [{ title: "CEO", company: "Bar", startDate: "2025-07-01" }]);
    // Due: last refreshed 7 hours ago.
    const lastRefreshed = new Date(Date.now() - 7 * 3600_000);
    await t.db.radarConnection.update({ where: { id }, data: { lastRefreshedAt: lastRefreshed } });
    const connector = flakyConnector();

    const delays: number[] = [];
    for (let failure = 1; failure <= 5; failure += 1) {
      const started = Date.now();
      const r = await refreshBatch(t.db, cycleCutoff(), { connector });
      const after = await row(id);
      expect(after.lastRefreshedAt).toEqual(lastRefreshed);
      expect(r).toMatchObject({ claimed: 1, refreshed: 0, skipped: 1, failed: 1, updates: 0 });
      expect(after.refreshFailures).toBe(failure);
      delays.push(Math.round((after.refreshRetryAt!.getTime() - started) / 60_000));
      // Not due again before its retry time ...
      expect((await refreshBatch(t.db, cycleCutoff(), { connector })).claimed).toBe(0);
      // ... and due once it has come.
      await t.db.radarConnection.update({ where: { id }, data: { refreshRetryAt: new Date(Date.now() - 1000) } });
    }
    expect(delays).toEqual([1, 5, 30, 120, 120]);
    expect(Math.max(...REFRESH_RETRY_DELAYS_MS)).toBeLessThan(REFRESH_INTERVAL_MS);
    const seen = await api("GET", `/radar/connections/network_a/${id}/`, { token });
    expect(seen.body.data.last_refreshed_at).toBe(lastRefreshed.toISOString());
    expect((await api("GET", "/radar/updates/", { token })).body.data).toEqual([]);

    connector.down = false;
    const ok = await refreshBatch(t.db, cycleCutoff(), { connector });
    expect(ok).toMatchObject({ claimed: 1, refreshed: 1, failed: 0, updates: 1 });
    const done = await row(id);
    expect(done.refreshFailures).toBe(0);
    expect(done.refreshRetryAt).toBeNull();
    expect(done.lastRefreshedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const feed = (await api("GET", "/radar/updates/", { token })).body.data;
    expect(feed).toHaveLength(1);
    expect(feed[0]).toMatchObject({ change_type: "career_change", connection: { id } });
    // Back on the normal cycle: not due again now.
    expect((await refreshBatch(t.db, cycleCutoff(), { connector })).claimed).toBe(0);
  });

  it("a refresher that claimed rows and died leaves them due again after the claim's lease", async () => {
    await networkAProfile(t.db, { slug: "orphan-person", name: "Orphan Person" });
    const { token } = await radarAccount(t.db);
    const id = (await api("POST", "/radar/applications/", { token, body: { source: "network_a", username: "orphan-person" } })).body.data
      .id;
    await processAll(t.db);
    const lastRefreshed = new Date(Date.now() - 7 * 3600_000);
    await t.db.radarConnection.updateMany({ data: { lastRefreshedAt: new Date() } });
    await t.db.radarConnection.update({
      where: { id },
      data: { lastRefreshedAt: lastRefreshed, refreshRetryAt: null, refreshFailures: 0 },
    });
    // A connector that never answers stands for a refresher that dies mid-call.
    const hung: TConnector = { name: "hung", resolve: async () => new Map(), fetch: () => new Promise(() => {}) };
    void refreshBatch(t.db, cycleCutoff(), { connector: hung });
    await expect.poll(async () => (await row(id)).refreshRetryAt, { timeout: 5_000 }).not.toBeNull();
    const claimed = await row(id);
    expect(claimed.lastRefreshedAt).toEqual(lastRefreshed);
    expect(claimed.refreshRetryAt!.getTime() - Date.now()).toBeGreaterThan(10 * 60_000);
    expect((await refreshBatch(t.db, cycleCutoff(), { connector: datasetConnector(t.db) })).claimed).toBe(0);
    await t.db.radarConnection.update({ where: { id }, data: { refreshRetryAt: new Date(Date.now() - 1000) } });
    expect(await refreshBatch(t.db, cycleCutoff(), { connector: datasetConnector(t.db) })).toMatchObject({ claimed: 1, refreshed: 1 });
  });
});
