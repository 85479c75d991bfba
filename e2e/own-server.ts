import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A server of a spec's own beside the run's (`node bin/start.js` on `port`, the run's build), for a
 * configuration the run's server does not have. On PostgreSQL it shares the run's database; on the
 * embedded database it gets a DATA_DIR of its own (the run's belongs to the first server's process).
 * No demo data, no background workers. `env` adds to or overrides the environment (BASE_URL
 * defaults to `http://localhost:<port>`). Resolves once its /readyz answers.
 */
export interface TOwnServer {
  /** Where this spec reaches it: the listening address, whatever BASE_URL says. */
  url: string;
  stop(): Promise<void>;
}

export async function startOwnServer(port: number, env: Record<string, string> = {}): Promise<TOwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vm-e2e-own-"));
  const url = `http://localhost:${port}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    BASE_URL: url,
    DEMO_SEED: "0",
    WORKERS: "0",
    HTTP_PROCESSES: "1",
    LOG_LEVEL: "warn",
    NEXT_TELEMETRY_DISABLED: "1",
    DATA_DIR: process.env.DATABASE_URL ? (process.env.DATA_DIR ?? dataDir) : dataDir,
    ...env,
  };
  const child: ChildProcess = spawn(process.execPath, ["bin/start.js"], { env: childEnv, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (c: Buffer) => {
    stderr = (stderr + c.toString()).slice(-4000);
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the spec's own server exited (${child.exitCode}): ${stderr}`);
    const up = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`the spec's own server did not start: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
