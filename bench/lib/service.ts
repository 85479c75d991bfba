import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`service did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * Services started and not yet closed: stopped when the bench exits, also when it throws before
 * closing them (no `bin/start.js` is left running on the benchmark's port).
 */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGTERM");
});

/** The real service (`node bin/start.js`) on the given database, with an unlimited token; `env` adds or overrides variables. */
export async function startService({ databaseUrl, port, env: extra }: { databaseUrl: string; port: number; env?: Record<string, string> }) {
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    BASE_URL: `http://localhost:${port}`,
    DEMO_SEED: "0",
    WORKERS: "0",
    LOG_LEVEL: "warn",
    ...extra,
  };
  const child = spawn(process.execPath, ["bin/start.js"], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
  running.add(child);
  child.once("exit", () => running.delete(child));
  const baseUrl = `http://localhost:${port}`;
  try {
    await waitFor(`${baseUrl}/readyz`, 300_000);
  } catch (err) {
    child.kill("SIGTERM");
    throw err;
  }
  const out = execFileSync(
    process.execPath,
    [
      "bin/vmon.js",
      "tokens",
      "create",
      "--email",
      "bench@venture-monitor.local",
      "--plan",
      "unlimited",
      "--grant",
      "network_a_profiles",
      "--json",
    ],
    { cwd: root, env, encoding: "utf8" },
  );
  const { token } = JSON.parse(out) as { token: string };
  return {
    baseUrl,
    token,
    pid: child.pid,
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
