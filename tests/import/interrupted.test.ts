import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createPrisma } from "~/server/db/client";
import { startEmbeddedHost } from "~/server/db/embedded";
import { databaseUrl, onServer } from "../helpers/server-db";
import { freePort, serviceEnv, startService, type TService } from "../helpers/service";
import { rowsBySlug } from "./helpers";

/**
 * The host of the database stops in the middle of `vmon seed --demo` (a JSON Lines import of a few
 * units: server/domain/import/write-units.ts): the command ends with one line that says what it
 * committed; the database holds exactly that, with every card's derived fields in step with its
 * interactions; running the command again gives the rows an uninterrupted import gives.
 */

const serverUrl = process.env.DATABASE_URL;
const root = path.resolve(__dirname, "../..");
const SCALE = "2";
const dirs: string[] = [];
const databases: string[] = [];
let service: TService | undefined;

afterAll(async () => {
  if (service && service.child.exitCode === null) service.child.kill("SIGKILL");
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const name of databases) await onServer(serverUrl!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

interface TRun {
  code: number;
  stdout: string;
  stderr: string;
}

function seed(env: NodeJS.ProcessEnv): Promise<TRun> {
  return promisify(execFile)(process.execPath, ["bin/vmon.js", "seed", "--demo", "--scale", SCALE], {
    cwd: root,
    env: { ...env, LOG_LEVEL: "warn", EMBEDDINGS_PROVIDER: "off" },
    encoding: "utf8",
    timeout: 240_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: TRun) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
  );
}

/** The numbers the command reported: cards and interactions committed, and whether a unit may have committed too. */
function reported(stderr: string): { cards: number; interactions: number; maybeOneMore: boolean } {
  const m = /\(([\d,]+) cards? and ([\d,]+) interactions?\)/.exec(stderr);
  if (!m) throw new Error(`no count of committed cards in:\n${stderr}`);
  const n = (s: string) => Number(s.replace(/,/g, ""));
  return { cards: n(m[1]!), interactions: n(m[2]!), maybeOneMore: stderr.includes("perhaps the unit") };
}

const IN_STEP = `
  SELECT count(*)::int AS n FROM card c
  LEFT JOIN LATERAL (SELECT count(*)::int AS cnt, min(created_at) AS lo, max(created_at) AS hi FROM interaction i WHERE i.card_id = c.id) a ON true
  WHERE c.interactions_count <> a.cnt OR c.first_interaction_at IS DISTINCT FROM a.lo OR c.last_interaction_at IS DISTINCT FROM a.hi`;

async function state(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const one = async (sql: string) => (await c.query<{ n: number }>(sql)).rows[0]!.n;
    return {
      cards: await one("SELECT count(*)::int AS n FROM card"),
      interactions: await one("SELECT count(*)::int AS n FROM interaction"),
      outOfStep: await one(IN_STEP),
    };
  } finally {
    await c.end();
  }
}

async function rows(url: string) {
  const db = createPrisma(url, 2);
  try {
    return await rowsBySlug(db, { cardCreatedAt: false });
  } finally {
    await db.$disconnect();
  }
}

/** Waits until `url` holds a committed unit of cards (polling), while `running` runs. */
async function firstUnit(url: () => string, running: Promise<TRun>): Promise<void> {
  let ended: TRun | undefined;
  void running.then((r) => (ended = r));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (ended) throw new Error(`the command ended (${ended.code}) before a unit was seen:\n${ended.stderr}`);
    if (Date.now() > deadline) throw new Error("no unit committed in time");
    try {
      if ((await state(url())).cards > 0) return;
    } catch {
      /* the host may still be opening */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

function checkKept(run: TRun, now: { cards: number; interactions: number; outOfStep: number }) {
  expect(run.code).toBe(1);
  const lines = run.stderr
    .trim()
    .split("\n")
    .filter((l) => !/^(validate|write|index|derive):|^applying migration /.test(l));
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(
    /^error: the database host stopped before `vmon seed` finished; it committed .*importing the same file again completes it; run the command again\.$/,
  );
  const kept = reported(run.stderr);
  expect(now.outOfStep).toBe(0);
  if (kept.maybeOneMore && now.cards !== kept.cards) expect(now.cards).toBeGreaterThan(kept.cards);
  else expect({ cards: now.cards, interactions: now.interactions }).toEqual({ cards: kept.cards, interactions: kept.interactions });
}

describe.skipIf(!!serverUrl)("an import whose embedded host stops", () => {
  it("keeps whole units only, says so in one line, and completes when run again", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vmon-cut-"));
    const fresh = mkdtempSync(path.join(tmpdir(), "vmon-cut-fresh-"));
    dirs.push(dir, fresh);
    const port = await freePort();
    const env = serviceEnv(dir, port, { EMBEDDINGS_PROVIDER: "off" });
    service = startService(env);
    await service.waitForLog("Venture Monitor is running");
    const hostUrl = () => {
      const lock = JSON.parse(readFileSync(path.join(dir, "pglite.lock"), "utf8")) as { port: number };
      const password = readFileSync(path.join(dir, "pglite.password"), "utf8").trim();
      return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${lock.port}/postgres?sslmode=disable`;
    };
    const running = seed(env);
    await firstUnit(hostUrl, running);
    service.child.kill("SIGTERM"); // the server stops, and its database with it
    const cut = await running;
    expect(await service.exited).toBe(0);

    const host = await startEmbeddedHost(path.join(dir, "pglite"));
    const now = await state(host.url);
    await host.stop();
    checkKept(cut, now);
    expect(now.cards).toBeLessThan(2 * 2000);

    expect((await seed(env)).code).toBe(0);
    expect((await seed(serviceEnv(fresh, port, { EMBEDDINGS_PROVIDER: "off" }))).code).toBe(0);
    const [again, whole] = await Promise.all(
      [dir, fresh].map(async (d) => {
        const h = await startEmbeddedHost(path.join(d, "pglite"));
        try {
          return { state: await state(h.url), rows: await rows(h.url) };
        } finally {
          await h.stop();
        }
      }),
    );
    expect(again!.state.outOfStep).toBe(0);
    expect(again!.rows).toEqual(whole!.rows);
  }, 600_000);
});

describe.skipIf(!serverUrl)("an import whose PostgreSQL connections are cut", () => {
  it("keeps whole units only, says so in one line, and completes when run again", async () => {
    const [cutDb, freshDb] = [`vm_cut_${process.pid}`, `vm_cut_fresh_${process.pid}`];
    databases.push(cutDb, freshDb);
    for (const name of databases) {
      await onServer(serverUrl!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await onServer(serverUrl!, `CREATE DATABASE "${name}"`);
    }
    const dir = mkdtempSync(path.join(tmpdir(), "vmon-cut-"));
    dirs.push(dir);
    const port = await freePort();
    const envOf = (name: string) => serviceEnv(dir, port, { DATABASE_URL: databaseUrl(serverUrl!, name) });
    const url = databaseUrl(serverUrl!, cutDb);
    const running = seed(envOf(cutDb));
    await firstUnit(() => url, running);
    // The server restarts under the command: every connection of the command is cut.
    await onServer(
      serverUrl!,
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${cutDb}' AND pid <> pg_backend_pid()`,
    );
    const cut = await running;
    checkKept(cut, await state(url));

    expect((await seed(envOf(cutDb))).code).toBe(0);
    expect((await seed(envOf(freshDb))).code).toBe(0);
    expect((await state(url)).outOfStep).toBe(0);
    expect(await rows(url)).toEqual(await rows(databaseUrl(serverUrl!, freshDb)));
  }, 600_000);
});
