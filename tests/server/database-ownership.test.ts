import { execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { freePort, problemsIn, serviceEnv, startService, type TService } from "../helpers/service";

/**
 * One server owns an embedded DATA_DIR (server/db/embedded.ts): a second start beside a serving
 * one refuses with one message; a start right after a SIGTERM waits for the stopping server and
 * then serves, with no 500 at any time and the old server's slow request answered in full; a
 * `vmon worker` that joined a server exits 1 once that server is gone.
 */

const embedded = !process.env.DATABASE_URL;
const root = path.resolve(__dirname, "../..");
const started: TService[] = [];
const dirs: string[] = [];

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "vmon-owner-"));
  dirs.push(dir);
  return dir;
}

async function service(dir: string, port?: number): Promise<TService> {
  const s = startService(serviceEnv(dir, port ?? (await freePort())));
  started.push(s);
  return s;
}

afterEach(() => {
  for (const s of started.splice(0)) if (s.child.exitCode === null) s.child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function get(url: string): Promise<{ status: number; body: string } | { error: string }> {
  try {
    const r = await fetch(url);
    return { status: r.status, body: await r.text() };
  } catch (err) {
    return { error: String((err as { cause?: { code?: string } }).cause?.code ?? err) };
  }
}

describe.skipIf(!embedded)("one server owns its embedded DATA_DIR", () => {
  it("refuses a second server on the same DATA_DIR, and the first serves on", async () => {
    const dir = dataDir();
    const first = await service(dir);
    await first.waitForLog("Venture Monitor is running");
    const second = await service(dir);
    expect(await second.exited).toBe(1);
    expect(second.log()).toContain(`The embedded database in ${path.join(dir, "pglite")} is in use by another Venture Monitor server`);
    expect(second.log()).toContain("give each server its own DATA_DIR");
    expect(second.log()).not.toMatch(/\n\s+at /); // one message, no stack
    expect(await get(`${first.url}/readyz`)).toMatchObject({ status: 200 });
    expect(await get(`${first.url}/v1/token/validate/`)).toMatchObject({ status: 401 });
  }, 120_000);

  it("starts right after a SIGTERM: waits for the old server, whose slow request completes, then serves; no 500 meanwhile", async () => {
    const dir = dataDir();
    const port = await freePort();
    const old = await service(dir, port);
    await old.waitForLog("Venture Monitor is running");
    // The old server's request lasts until the new server is seen waiting (within the old one's
    // shutdown grace), so the test does not depend on how fast a process starts on a loaded machine.
    const release = path.join(dir, "release-slow-request");
    const slow = get(`${old.url}/slow?until=${encodeURIComponent(release)}`);
    await new Promise((r) => setTimeout(r, 300)); // the slow request is in progress
    old.child.kill("SIGTERM");
    const next = await service(dir, port);
    const seen: string[] = [];
    let polling = true;
    const poll = (async () => {
      while (polling) {
        for (const p of ["/readyz", "/v1/token/validate/", "/page"]) {
          const r = await get(`${next.url}${p}`);
          seen.push("error" in r ? r.error : String(r.status));
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    await next.waitForLog(`waiting for the previous server (pid ${old.child.pid}) to release ${dir}`, 9_000);
    writeFileSync(release, "");
    expect(await slow).toMatchObject({ status: 200, body: "page 1" });
    expect(await old.exited).toBe(0);
    await next.waitForLog("Venture Monitor is running");
    polling = false;
    await poll;
    expect(seen.filter((s) => s.startsWith("5"))).toEqual([]);
    expect(await get(`${next.url}/readyz`)).toMatchObject({ status: 200 });
    expect(await get(`${next.url}/v1/token/validate/`)).toMatchObject({ status: 401 });
    expect(problemsIn(next.log())).toEqual([]);
  }, 150_000);

  it("ends a joined `vmon worker` with exit 1 once the server that hosts the database is gone", async () => {
    const dir = dataDir();
    const server = await service(dir);
    await server.waitForLog("Venture Monitor is running");
    const env = serviceEnv(dir, server.port, { WORKERS: "0" });
    const child = spawn(process.execPath, ["bin/vmon.js", "worker"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    let stderrText = "";
    let joined: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (joined = resolve));
    const collect = (chunk: Buffer, isErr: boolean) => {
      output += chunk.toString();
      if (isErr) stderrText += chunk.toString();
      if (output.includes("worker running")) joined();
    };
    child.stdout.on("data", (c: Buffer) => collect(c, false));
    child.stderr.on("data", (c: Buffer) => collect(c, true));
    const worker = new Promise<{ code: number | null; stderr: string }>((resolve) =>
      child.on("exit", (code) => resolve({ code, stderr: output })),
    );
    // The worker has joined the server's database (it says so once its loops run).
    await Promise.race([running, worker]);
    expect(output, stderrText).toContain("worker running");
    server.child.kill("SIGKILL");
    const { code, stderr } = await worker;
    expect(code).toBe(1);
    expect(stderr).toContain("the server that hosts the embedded database stopped; the worker exits");
  }, 120_000);

  it("refuses to start `vmon worker` with no server to join", async () => {
    const dir = dataDir();
    const env = serviceEnv(dir, await freePort());
    const r = await promisify(execFile)(process.execPath, ["bin/vmon.js", "worker"], { cwd: root, env, encoding: "utf8" }).then(
      () => ({ code: 0, stderr: "" }),
      (err: { code: number; stderr: string }) => ({ code: err.code, stderr: err.stderr }),
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("No Venture Monitor server is running on the embedded database");
  }, 60_000);
});
