import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoAccount } from "~/server/domain/accounts/demo-account";
import { seedDemo } from "~/server/domain/demo";
import { DEMO_MISSING_PROFILE, seedDemoRadar } from "~/server/domain/demo/radar";
import { CHANGE_TYPES } from "~/server/domain/radar/types";
import { openTestDb, type TTestDb } from "../helpers/db";

/** The demo account's radar: connections on both networks, every change type, one failure. */

let t: TTestDb;

beforeAll(async () => {
  t = await openTestDb();
  await seedDemo(t.db, { scale: 1 });
}, 600_000);
afterAll(async () => {
  await t?.close();
});

const q = <T>(sql: string) => t.db.$queryRawUnsafe<T[]>(sql);

describe("seedDemoRadar", () => {
  it("follows profiles on both networks, records every change type and one failure", { timeout: 120_000 }, async () => {
    const { email } = await createDemoAccount(t.db, []);
    const started = Date.now();
    const report = await seedDemoRadar(t.db, email);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(report.failed).toBe(1);
    expect(report.connections).toBe(18);

    const bySource = await q<{ source: string; n: number; tracked: number }>(
      `SELECT source, count(*)::int AS n, count(*) FILTER (WHERE is_tracking)::int AS tracked FROM radar_connection GROUP BY 1 ORDER BY 1`,
    );
    expect(bySource).toEqual([
      { source: "network_a", n: 12, tracked: 12 },
      { source: "network_b", n: 6, tracked: 5 },
    ]);
    const types = await q<{ change_type: string }>(`SELECT DISTINCT change_type FROM radar_update ORDER BY 1`);
    expect(types.map((r) => r.change_type)).toEqual([...CHANGE_TYPES].sort());
    const apps = await q<{ init_status: string; identifier: string; code: string | null }>(
      `SELECT init_status, identifier, radar_error->>'code' AS code FROM radar_application ORDER BY init_status`,
    );
    expect(apps).toEqual([
      { init_status: "failed", identifier: DEMO_MISSING_PROFILE, code: "profile_not_found" },
      expect.objectContaining({ init_status: "idle", code: null }),
    ]);
    // The feed spans weeks; the stored snapshots are the dataset's (a later refresh reports nothing).
    const [span] = await q<{ days: number }>(`SELECT extract(day FROM max(detected_at) - min(detected_at))::int AS days FROM radar_update`);
    expect(span!.days).toBeGreaterThanOrEqual(14);
    const { refreshDue } = await import("~/server/domain/radar/refresh");
    expect((await refreshDue(t.db)).updates).toBe(0);
    // Some network_a connections have a card (links from the feed).
    const [cards] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM radar_connection rc JOIN card c ON c.network_a_profile_id::text = rc.external_id WHERE rc.source = 'network_a'`,
    );
    expect(cards!.n).toBeGreaterThan(0);
  });
});
