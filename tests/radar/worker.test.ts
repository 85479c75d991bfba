import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createPrisma, type TDb } from "~/server/db/client";
import { datasetConnector, type TConnector } from "~/server/domain/radar/connectors";
import { drainApplications, processBatch } from "~/server/domain/radar/process";
import { startRadarWorkers } from "~/server/domain/radar/worker";
import { logger } from "~/server/lib/logger";
import { api } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { networkAProfile, radarAccount, setExperience } from "./fixtures";

/** The durable queue: leases, crash recovery, exclusive claims, failures; and the vmon commands. */

let t: TTestDb;
let profiles: number[];
beforeAll(async () => {
  t = await openTestDb();
  profiles = [];
  for (let i = 0; i < 30; i++) {
    profiles.push(
      (await networkAProfile(t.db, { slug: `w${i}`, name: `Worker ${i}`, experience: [{ title: "Eng", company: `Co${i}` }] })).id,
    );
  }
});
afterAll(async () => {
  await t?.close();
});

async function pending(token: string, username: string): Promise<number> {
  const r = await api("POST", "/radar/applications/", { token, body: { source: "network_a", username } });
  expect(r.status).toBe(200);
  return r.body.data.id;
}

/** The dataset connector, with a hook run before each resolve. */
function hooked(db: TDb, before: (refs: number[]) => Promise<void>): TConnector {
  const inner = datasetConnector(db);
  return {
    name: "hooked",
    fetch: inner.fetch,
    async resolve(source, requests) {
      await before(requests.map((r) => r.ref));
      return inner.resolve(source, requests);
    },
  };
}

const row = (id: number) => t.db.radarApplication.findUnique({ where: { id } });

describe("crash recovery", () => {
  it("leaves a processing application alone while its lease runs, and takes it again once expired", async () => {
    const { token } = await radarAccount(t.db);
    const id = await pending(token, "w0");
    // A worker claimed it and crashed: processing, lease not yet expired.
    await t.db
      .$executeRaw`UPDATE radar_application SET init_status = 'processing', attempts = 1, lease_until = now() + interval '1 hour' WHERE id = ${id}`;
    const early = await processBatch(t.db, { connector: datasetConnector(t.db) });
    expect(early.claimed).toBe(0);
    expect((await row(id))?.initStatus).toBe("processing");

    await t.db.$executeRaw`UPDATE radar_application SET lease_until = now() - interval '1 second' WHERE id = ${id}`;
    const r = await processBatch(t.db, { connector: datasetConnector(t.db) });
    expect(r).toEqual({ claimed: 1, connected: 1, failed: 0 });
    expect(await row(id)).toBeNull();
    expect((await api("GET", `/radar/connections/network_a/${id}/`, { token })).body.data.name).toBe("Worker 0");
  });

  it("leases a claimed application for at most 20 s: a crashed worker's application resumes within 30 s", async () => {
    const { token } = await radarAccount(t.db);
    const id = await pending(token, "w4");
    let leaseSeconds = 0;
    const connector = hooked(t.db, async () => {
      const [r] = await t.db.$queryRaw<{ s: number }[]>`
        SELECT extract(epoch FROM lease_until - now())::float8 AS s FROM radar_application WHERE id = ${id}`;
      leaseSeconds = r!.s;
    });
    expect((await processBatch(t.db, { connector })).connected).toBe(1);
    expect(leaseSeconds).toBeGreaterThan(15);
    expect(leaseSeconds).toBeLessThanOrEqual(20);
  });

  it("renews the lease while a batch runs, and another worker takes the batch soon after its worker dies", async () => {
    const { token } = await radarAccount(t.db);
    const id = await pending(token, "w5");
    // Worker A: its own connection pool, and a connector that hangs until released.
    const a = createPrisma(t.url, 2);
    let release!: () => void;
    const hang = new Promise<void>((r) => (release = r));
    let claimedByA!: () => void;
    const aClaimed = new Promise<void>((r) => (claimedByA = r));
    const aRun = processBatch(a, {
      leaseMs: 400,
      renewEveryMs: 100,
      connector: hooked(t.db, async () => {
        claimedByA();
        await hang;
      }),
    }).catch((error: unknown) => error);
    await aClaimed;
    // Three times the lease later, A still holds it: worker B takes nothing.
    await new Promise((r) => setTimeout(r, 1200));
    expect((await processBatch(t.db, { connector: datasetConnector(t.db) })).claimed).toBe(0);
    expect((await row(id))?.attempts).toBe(1);
    // A dies (its database connections are gone: no more renewals); B takes the application within the lease.
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => {});
    await a.$disconnect();
    const diedAt = Date.now();
    let taken = 0;
    while (Date.now() - diedAt < 5000) {
      taken = (await processBatch(t.db, { connector: datasetConnector(t.db) })).connected;
      if (taken) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(taken).toBe(1);
    expect(Date.now() - diedAt).toBeLessThan(1000);
    release();
    await aRun;
    warn.mockRestore();
    expect(await row(id)).toBeNull();
    expect((await api("GET", `/radar/connections/network_a/${id}/`, { token })).body.data.name).toBe("Worker 5");
  });

  it("a worker whose lease was taken over cannot write its result", async () => {
    const { token } = await radarAccount(t.db);
    const id = await pending(token, "w1");
    // While the first worker resolves, its lease expires and another worker claims the row.
    const connector = hooked(t.db, async () => {
      await t.db.$executeRaw`UPDATE radar_application SET attempts = attempts + 1 WHERE id = ${id}`;
    });
    const r = await processBatch(t.db, { connector });
    expect(r).toEqual({ claimed: 1, connected: 0, failed: 0 });
    expect((await row(id))?.initStatus).toBe("processing");
    expect(await t.db.radarConnection.count({ where: { id } })).toBe(0);
  });

  it("gives up on an application that keeps crashing its workers", async () => {
    const { token } = await radarAccount(t.db);
    const id = await pending(token, "w2");
    await t.db
      .$executeRaw`UPDATE radar_application SET init_status = 'processing', attempts = 5, lease_until = now() - interval '1 second' WHERE id = ${id}`;
    await processBatch(t.db, { connector: datasetConnector(t.db) });
    const failed = await row(id);
    expect(failed?.initStatus).toBe("failed");
    expect(failed?.radarError).toMatchObject({ code: "too_many_attempts", attempts: 6 });
  });

  it("does not connect an application deleted while it was processed", async () => {
    const { token } = await radarAccount(t.db);
    const id = await pending(token, "w3");
    const connector = hooked(t.db, async () => {
      await api("DELETE", `/radar/applications/network_a/${id}/`, { token });
    });
    const r = await processBatch(t.db, { connector });
    expect(r.connected).toBe(0);
    expect(await t.db.radarConnection.count({ where: { id } })).toBe(0);
  });

  it("records an unexpected connector failure as failed with radar_error, without retrying it", async () => {
    const { token } = await radarAccount(t.db);
    const id = await pending(token, "w4");
    const broken: TConnector = {
      name: "broken",
      resolve: () => Promise.reject(new Error("boom")),
      fetch: () => Promise.reject(new Error("boom")),
    };
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    const r = await drainApplications(t.db, { connector: broken });
    expect(logged).toHaveBeenCalledWith("radar connector failed", expect.objectContaining({ error: expect.any(Error) }));
    logged.mockRestore();
    expect(r).toMatchObject({ failed: 1, connected: 0 });
    expect((await row(id))?.radarError).toMatchObject({ code: "connector_error", attempts: 1 });
    expect(JSON.stringify((await row(id))?.radarError)).not.toContain("boom");
    expect((await drainApplications(t.db, { connector: broken })).claimed).toBe(0);
  });
});

describe("server worker", () => {
  it("the loops started with the server process connect queued applications and refresh due connections", async () => {
    const { token } = await radarAccount(t.db);
    await drainApplications(t.db, { connector: datasetConnector(t.db) });
    const id = await pending(token, "w27");
    const stop = startRadarWorkers(t.db, { pollMs: 50, refreshCheckMs: 50, refreshIntervalMs: 60_000 });
    try {
      const deadline = Date.now() + 20_000;
      while ((await t.db.radarConnection.count({ where: { id } })) === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(await t.db.radarConnection.count({ where: { id } })).toBe(1);
      // Due for the schedule once its last refresh is older than the interval.
      await setExperience(t.db, profiles[27]!, [{ title: "CEO", company: "Later" }]);
      await t.db.radarConnection.update({ where: { id }, data: { lastRefreshedAt: new Date(Date.now() - 3_600_000) } });
      while ((await t.db.radarUpdate.count({ where: { connectionId: id } })) === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(await t.db.radarUpdate.count({ where: { connectionId: id } })).toBe(1);
    } finally {
      await stop();
    }
  });
});

describe("two workers", () => {
  it("never process the same application", async () => {
    const accounts = await Promise.all([radarAccount(t.db), radarAccount(t.db)]);
    const ids: number[] = [];
    for (let i = 5; i < 29; i++) ids.push(await pending(accounts[i % 2]!.token, `w${i}`));
    const seen: number[] = [];
    const connector = hooked(t.db, async (refs) => {
      seen.push(...refs);
      await new Promise((r) => setTimeout(r, 20));
    });
    const [a, b] = await Promise.all([
      drainApplications(t.db, { connector, batchSize: 3 }),
      drainApplications(t.db, { connector, batchSize: 3 }),
    ]);
    expect(a.claimed + b.claimed).toBe(ids.length);
    expect(a.claimed).toBeGreaterThan(0);
    expect(b.claimed).toBeGreaterThan(0);
    expect(seen.sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect(await t.db.radarConnection.count({ where: { id: { in: ids } } })).toBe(ids.length);
  });
});

function vmon(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // Async: the embedded test database is served by this process, which must keep running.
  const env = { ...process.env, DATABASE_URL: t.url, VMON_DATABASE_URL: undefined, LOG_LEVEL: "error" };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["bin/vmon.js", ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("vmon radar", () => {
  it("process drains the queue; refresh refreshes tracked connections and records changes", async () => {
    const { token } = await radarAccount(t.db);
    await drainApplications(t.db, { connector: datasetConnector(t.db) });
    const id = await pending(token, "w29");
    const processed = await vmon("radar", "process", "--json");
    expect(processed.code, processed.stderr).toBe(0);
    expect(JSON.parse(processed.stdout)).toMatchObject({ processed: 1, connected: 1, failed: 0 });
    expect(await t.db.radarConnection.count({ where: { id } })).toBe(1);

    await setExperience(t.db, profiles[29]!, [{ title: "CEO", company: "Next" }]);
    const refreshed = await vmon("radar", "refresh", "--json");
    expect(refreshed.code, refreshed.stderr).toBe(0);
    expect(JSON.parse(refreshed.stdout)).toMatchObject({ changed: 1, updates: 1 });
    const feed = await api("GET", "/radar/updates/", { token });
    expect(feed.body.data).toHaveLength(1);
    expect(feed.body.data[0]).toMatchObject({ change_type: "career_change", connection: { id } });

    const usage = await vmon("radar", "process", "--batch", "zero");
    expect(usage.code).toBe(2);
  });
});
