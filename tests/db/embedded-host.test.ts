import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedHost } from "~/server/db/embedded";

/**
 * A `vmon` command that hosts the embedded database for its own run (no server running) keeps
 * serving the commands that joined it until they have disconnected (server/db/embedded.ts); a
 * server's host marks its lock "stopping" when its stop begins.
 */

const dir = mkdtempSync(path.join(tmpdir(), "vmon-host-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Each test opens a fresh data directory (initdb: seconds, many more on a loaded machine).
describe.skipIf(!!process.env.DATABASE_URL)("the embedded database's host", () => {
  it("stops only once the commands that joined a command's host have disconnected", async () => {
    const lingered: number[] = [];
    const host = await startEmbeddedHost(path.join(dir, "cli"), { role: "cli", onLinger: (n) => lingered.push(n) });
    const joined = new pg.Client({ connectionString: host.url });
    await joined.connect();
    let stopped = false;
    const stopping = host.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 600));
    expect(stopped).toBe(false);
    expect(lingered[0]).toBe(1);
    expect((await joined.query<{ n: number }>("SELECT 41 + 1 AS n")).rows[0]!.n).toBe(42);
    await joined.end();
    await stopping;
    expect(existsSync(path.join(dir, "cli.lock"))).toBe(false);
  }, 120_000);

  it("marks a server's lock stopping, then removes it", async () => {
    const host = await startEmbeddedHost(path.join(dir, "server"), { role: "server" });
    const lock = () => JSON.parse(readFileSync(path.join(dir, "server.lock"), "utf8")) as { pid: number; role: string; state: string };
    expect(lock()).toMatchObject({ pid: process.pid, role: "server", state: "serving" });
    host.markStopping();
    expect(lock()).toMatchObject({ pid: process.pid, role: "server", state: "stopping" });
    await host.stop();
    expect(existsSync(path.join(dir, "server.lock"))).toBe(false);
  }, 120_000);
});
