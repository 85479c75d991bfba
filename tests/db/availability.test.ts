import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "~/server/db/availability";
import { createPrisma } from "~/server/db/client";
import { startMemoryHost } from "~/server/db/embedded";
import { AppError } from "~/server/lib/errors";
import { databaseUrl, onServer } from "../helpers/server-db";
import { freePort, problemsIn, serviceEnv, startService, type TService } from "../helpers/service";
import { startTcpProxy, type TTcpProxy } from "../helpers/tcp-proxy";

/**
 * A database that cannot be reached is told apart from every other database error
 * (server/db/availability.ts), and a running server answers 503 (never 500) while its PostgreSQL
 * is gone, then serves again once it is back.
 */

const serverUrl = process.env.DATABASE_URL;
const root = path.resolve(__dirname, "../..");

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  return run().then(
    () => {
      throw new Error("expected a failure");
    },
    (err: unknown) => err,
  );
}

describe("isDatabaseUnavailable", () => {
  it("knows a refused connection, a host that stopped and a connection cut under a query", async () => {
    const nobody = createPrisma(`postgresql://postgres@127.0.0.1:${await freePort()}/postgres`);
    expect(isDatabaseUnavailable(await failure(() => nobody.$queryRaw`SELECT 1`))).toBe(true);
    expect(isDatabaseUnavailable(await failure(() => nobody.account.findFirst()))).toBe(true);
    await nobody.$disconnect();

    const host = await startMemoryHost();
    const db = createPrisma(host.url);
    await db.$queryRaw`SELECT 1`;
    await host.stop();
    expect(isDatabaseUnavailable(await failure(() => db.$queryRaw`SELECT 1`))).toBe(true);
    await db.$disconnect().catch(() => undefined);
  });

  it("leaves every other error alone", async () => {
    const host = await startMemoryHost();
    const db = createPrisma(host.url);
    try {
      expect(isDatabaseUnavailable(await failure(() => db.$queryRawUnsafe("SELEC 1")))).toBe(false);
      expect(isDatabaseUnavailable(await failure(() => db.$queryRawUnsafe("SELECT 1/0")))).toBe(false);
      expect(isDatabaseUnavailable(await failure(() => db.$queryRawUnsafe("SELECT * FROM no_such_table")))).toBe(false);
      expect(isDatabaseUnavailable(new AppError("not_found", "Card not found."))).toBe(false);
      expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
      expect(isDatabaseUnavailable(undefined)).toBe(false);
    } finally {
      await db.$disconnect();
      await host.stop();
    }
  });
});

describe.skipIf(!serverUrl)("a server whose PostgreSQL goes away and comes back", () => {
  const name = `vm_outage_${process.pid}`;
  let proxy: TTcpProxy | undefined;
  let service: TService | undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), "vmon-outage-"));

  afterAll(async () => {
    if (service && service.child.exitCode === null) service.child.kill("SIGKILL");
    await proxy?.close();
    if (serverUrl) await onServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers 503 with Retry-After while it is gone (readyz too), and 200 again once it is back", async () => {
    await onServer(serverUrl!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await onServer(serverUrl!, `CREATE DATABASE "${name}"`);
    const direct = new URL(databaseUrl(serverUrl!, name));
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(direct);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const port = await freePort();
    service = startService(serviceEnv(dataDir, port, { DATABASE_URL: viaProxy.toString(), WORKERS: "1" }));
    await service.waitForLog("Venture Monitor is running", 120_000);
    const out = execFileSync(
      process.execPath,
      ["bin/vmon.js", "tokens", "create", "--email", "outage@example.test", "--plan", "unlimited", "--json"],
      {
        cwd: root,
        env: serviceEnv(dataDir, port, { DATABASE_URL: direct.toString(), LOG_LEVEL: "warn" }),
        encoding: "utf8",
      },
    );
    const token = (JSON.parse(out) as { token: string }).token;
    const call = (p: string) => fetch(`${service!.url}${p}`, { headers: { Authorization: `Token ${token}` } });

    expect((await call("/v1/cards/")).status).toBe(200);
    expect((await call("/readyz")).status).toBe(200);

    await proxy.cut();
    for (const p of ["/v1/token/validate/", "/v1/cards/?limit=5", "/v1/cards/stages/"]) {
      const r = await call(p);
      expect(r.status, p).toBe(503);
      expect(r.headers.get("retry-after"), p).toBe("5");
      expect(await r.json(), p).toEqual({
        error: "service_unavailable",
        message: "The database is not reachable right now; try again in a few seconds.",
      });
    }
    await new Promise((r) => setTimeout(r, 1_100)); // a "ready" answer is reused for a second
    const ready = await fetch(`${service.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ error: "service_unavailable" });
    expect((await fetch(`${service.url}/healthz`)).status).toBe(200);

    await proxy.restore();
    const deadline = Date.now() + 30_000;
    let status = 0;
    while (Date.now() < deadline && (status = (await call("/v1/cards/")).status) !== 200) await new Promise((r) => setTimeout(r, 200));
    expect(status).toBe(200);
    expect((await call("/v1/token/validate/")).status).toBe(200);
    expect((await call("/readyz")).status).toBe(200);
    // No 500 and no stack in the log: the outage is logged as such, once per loop at most.
    expect(service.log()).not.toContain('"level":"error"');
    expect(
      problemsIn(service.log()).filter(
        (l) => !/does not answer|waits? for the database|auth change listener|kept for the next flush/.test(l),
      ),
    ).toEqual([]);
  }, 180_000);
});
