import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedHost } from "~/server/db/embedded";
import { SHUTDOWN_GRACE_MS } from "~/server/shutdown";

/**
 * SIGTERM under load: the real service process (tests/server/fixtures/service.ts runs
 * server/main.ts on the embedded database), with one HTTP process or two, and 16 keep-alive
 * connections sending requests back to back, stopped mid-load. Every request the server accepted is answered in full, none is reset,
 * and the process exits 0 within the grace period without logging a warning or an error. The
 * token's account is unlimited, whose request counts each process keeps in memory until a flush
 * (server/domain/access/request-days.ts): every /v1 request answered is counted in the database
 * once the process has exited.
 */

const root = path.resolve(__dirname, "../..");
const CONNECTIONS = 16;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

interface TOutcome {
  status?: number;
  body?: string;
  connection?: string;
  error?: string;
  sentAt: number;
}

function request(port: number, agent: http.Agent, urlPath: string, headers: Record<string, string>): Promise<TOutcome> {
  const sentAt = Date.now();
  return new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path: urlPath, agent, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode, body, connection: res.headers.connection, sentAt }));
      res.on("error", (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message, sentAt }));
    });
    req.on("error", (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message, sentAt }));
  });
}

// One process, and two forked HTTP processes sharing the port (server/cluster.ts).
describe.each([1, 2])("SIGTERM under load, %i HTTP process(es)", (processes) => {
  let dataDir: string;
  let port: number;
  let child: ChildProcess;
  let stderr = "";
  let token: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "vmon-shutdown-"));
    port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      BASE_URL: `http://localhost:${port}`,
      DEMO_SEED: "0",
      HTTP_PROCESSES: String(processes),
      LOG_LEVEL: "info",
    };
    delete env.DATABASE_URL;
    delete env.VMON_DATABASE_URL;
    child = spawn(process.execPath, ["--import", "tsx", "tests/server/fixtures/service.ts"], {
      cwd: root,
      env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    child.stderr!.setEncoding("utf8");
    child.stderr!.on("data", (chunk: string) => (stderr += chunk));
    const deadline = Date.now() + 90_000;
    while (!stderr.includes("Venture Monitor is running")) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the service did not start:\n${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // The command line joins the running service's embedded database.
    const out = execFileSync(
      process.execPath,
      ["bin/vmon.js", "tokens", "create", "--email", "load@example.com", "--plan", "unlimited", "--json"],
      {
        cwd: root,
        env,
        encoding: "utf8",
      },
    );
    token = (JSON.parse(out) as { token: string }).token;
  }, 120_000);

  afterAll(() => {
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers every accepted request in full, resets none, and exits 0 within the grace period without an error", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const outcomes: TOutcome[] = [];
    let stopLoad = false;
    const loop = async (i: number) => {
      for (let n = 0; !stopLoad; n++) {
        const page = (i + n) % 2 === 0;
        const o = await request(port, agent, page ? "/load" : "/v1/token/validate/", page ? {} : { Authorization: `Token ${token}` });
        outcomes.push(o);
        if (o.error === "ECONNREFUSED") return; // the server no longer accepts connections
      }
    };
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.once("exit", (code) => resolve({ code, at: Date.now() })),
    );
    const load = Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => loop(i)));
    // Under way on every connection: then stopped mid-load.
    const warm = Date.now();
    while (outcomes.length < 2 * CONNECTIONS && Date.now() - warm < 30_000) await new Promise((r) => setTimeout(r, 20));
    const signalledAt = Date.now();
    child.kill("SIGTERM");
    const { code, at } = await exited;
    stopLoad = true;
    await load;
    agent.destroy();

    const before = outcomes.filter((o) => o.sentAt < signalledAt);
    const after = outcomes.filter((o) => o.sentAt >= signalledAt);
    expect(before.length).toBeGreaterThan(CONNECTIONS);
    // Nothing reset or cut: a request either was answered in full or found no listener.
    expect(outcomes.filter((o) => o.error && o.error !== "ECONNREFUSED").map((o) => o.error)).toEqual([]);
    const answered = outcomes.filter((o) => !o.error);
    for (const o of answered) {
      expect(o.status).toBe(200);
      expect(o.body === "page 1" || (JSON.parse(o.body!) as { data?: unknown }).data !== undefined).toBe(true);
    }
    // Requests in progress at the signal were answered, and told the connection closes.
    expect(answered.some((o) => o.connection === "close")).toBe(true);
    expect(after.length + before.filter((o) => o.connection === "close").length).toBeGreaterThan(0);
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(SHUTDOWN_GRACE_MS);
    const problems = stderr
      .split("\n")
      .filter(Boolean)
      .filter((line) => {
        try {
          return ["warn", "error"].includes((JSON.parse(line) as { level: string }).level);
        } catch {
          return true; // anything but the logger's lines (a stack trace, a library's complaint)
        }
      });
    expect(problems).toEqual([]);

    const apiAnswered = answered.filter((o) => o.body !== "page 1").length;
    const host = await startEmbeddedHost(path.join(dataDir, "pglite"));
    const client = new pg.Client({ connectionString: host.url });
    try {
      await client.connect();
      const counted = await client.query<{ n: number }>(`SELECT COALESCE(sum(count), 0)::int AS n FROM request_day`);
      const perToken = await client.query<{ n: number }>(`SELECT COALESCE(sum(count), 0)::int AS n FROM token_request_day`);
      expect(counted.rows[0]!.n).toBe(apiAnswered);
      expect(perToken.rows[0]!.n).toBe(apiAnswered);
    } finally {
      await client.end().catch(() => undefined);
      await host.stop();
    }
  }, 60_000);
});
