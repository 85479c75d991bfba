import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";

/**
 * The service as `npm start` runs it (tests/server/fixtures/service.ts: server/main.ts with a
 * stand-in for Next), in a child process, and what it logs.
 */

const root = path.resolve(__dirname, "../..");

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

export interface TService {
  child: ChildProcess;
  port: number;
  url: string;
  /** What it wrote to stderr so far (its log). */
  log(): string;
  /** Resolves once its log holds `text` (or rejects if it exits first or `ms` pass). */
  waitForLog(text: string | RegExp, ms?: number): Promise<void>;
  /** Resolves with its exit code. */
  exited: Promise<number | null>;
}

/** The environment of a service on the embedded database in `dataDir` (or DATABASE_URL when given in `env`). */
export function serviceEnv(dataDir: string, port: number, env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    BASE_URL: `http://localhost:${port}`,
    DEMO_SEED: "0",
    HTTP_PROCESSES: "1",
    LOG_LEVEL: "info",
  };
  delete out.DATABASE_URL;
  delete out.VMON_DATABASE_URL;
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return out;
}

export function startService(env: NodeJS.ProcessEnv): TService {
  const port = Number(env.PORT);
  const child = spawn(process.execPath, ["--import", "tsx", "tests/server/fixtures/service.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.setEncoding("utf8");
  child.stderr!.on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    log: () => stderr,
    exited,
    async waitForLog(text, ms = 90_000) {
      const deadline = Date.now() + ms;
      const found = () => (typeof text === "string" ? stderr.includes(text) : text.test(stderr));
      while (!found()) {
        if (child.exitCode !== null) throw new Error(`the service exited (${child.exitCode}) before logging ${String(text)}:\n${stderr}`);
        if (Date.now() > deadline) throw new Error(`the service did not log ${String(text)} within ${ms} ms:\n${stderr}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

/** The service's log lines at warn or error (and anything that is not one of its log lines). */
export function problemsIn(log: string): string[] {
  return log
    .split("\n")
    .filter(Boolean)
    .filter((line) => {
      try {
        return ["warn", "error"].includes((JSON.parse(line) as { level: string }).level);
      } catch {
        return true; // anything but the logger's lines (a stack trace, a library's complaint)
      }
    });
}
