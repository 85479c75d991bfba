import { execFileSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedHost } from "~/server/db/embedded";
import { SHUTDOWN_GRACE_MS } from "~/server/shutdown";
import { freePort, problemsIn, serviceEnv, startService, type TService } from "../helpers/service";

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
  let service: TService;
  let child: ChildProcess;
  let token: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "vmon-shutdown-"));
    port = await freePort();
    const env = serviceEnv(dataDir, port, { HTTP_PROCESSES: String(processes) });
    service = startService(env);
    child = service.child;
    await service.waitForLog("Venture Monitor is running");
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
    const problems = problemsIn(service.log());
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
