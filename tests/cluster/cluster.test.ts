import { execFile, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The scaled-out deployment of docs/deployment.md, on a cluster that scripts/cluster-up.sh started
 * (`npm test` does so on PostgreSQL, step `cluster`): two web instances behind no shared memory,
 * PgBouncer in transaction mode, a streaming replica for reads and `vmon worker` processes.
 * Skipped when no cluster is running (VMON_CLUSTER_* variables, from the script's cluster.env).
 */

const webUrls = (process.env.VMON_CLUSTER_WEB_URLS ?? "").split(",").filter(Boolean);
const running = webUrls.length >= 2;
/** Accounts of their own on each run (the cluster's database outlives a run). */
const run = Date.now().toString(36);
if (!running) console.info("tests/cluster: skipped, no cluster running (on PostgreSQL, `npm test` starts one with scripts/cluster-up.sh)");

/** Settings of a process of the cluster: the pooler for queries, the primary itself for migrations. */
function clusterEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: process.env.VMON_CLUSTER_BOUNCER_URL,
    DATABASE_DIRECT_URL: process.env.VMON_CLUSTER_PRIMARY_URL,
    PREPARED_STATEMENTS: "0",
    DATA_DIR: process.env.VMON_CLUSTER_DATA_DIR,
    LOG_LEVEL: "warn",
  };
}

/**
 * The command line, run without blocking this process: a synchronous run would stop the HTTP
 * client from noticing the keep-alive connections that the servers close meanwhile.
 */
async function vmon(args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ["bin/vmon.js", ...args, "--json"], {
    env: clusterEnv(),
    encoding: "utf8",
  });
  return stdout;
}

async function newToken(email: string, limit?: number): Promise<string> {
  return JSON.parse(await vmon(["tokens", "create", "--email", email, "--plan", "paid", ...(limit ? ["--limit", String(limit)] : [])]))
    .token;
}

function api(base: string, token: string, path: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(new URL(path, base), {
    method: init.method ?? "GET",
    headers: { Authorization: `Token ${token}`, ...(init.body === undefined ? {} : { "content-type": "application/json" }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function json<T = { data: unknown }>(res: Response): Promise<T> {
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as T;
}

/**
 * Transactions committed on a server so far. Its statistics are flushed by each connection when it
 * goes idle, within about 10 s.
 */
async function commits(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    "SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = current_database()",
  );
  return Number(rows[0]!.n);
}

/** Signs in with next-auth's credentials endpoint (CSRF token and cookie first); returns the session's cookies. */
async function signIn(base: string, email: string, password: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(";")[0]!;
      jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const csrf = await fetch(new URL("/api/auth/csrf", base));
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(new URL("/api/auth/callback/credentials", base), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookie() },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: "/cards" }),
  });
  keep(res);
  expect(
    [...jar.keys()].some((k) => k.includes("session-token")),
    `sign-in answered ${res.status}`,
  ).toBe(true);
  return cookie();
}

/** A tRPC mutation of the workspace, with a session cookie, sent as the instance's own page sends it (with its Origin). */
async function trpc<T = unknown>(base: string, cookie: string, path: string, input: unknown): Promise<T> {
  const res = await fetch(new URL(`/api/trpc/${path}`, base), {
    method: "POST",
    headers: { "content-type": "application/json", cookie, origin: new URL(base).origin },
    body: JSON.stringify(input),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { result: { data: T } }).result.data;
}

describe.skipIf(!running)("several web instances, workers, a replica, PgBouncer", () => {
  const [a, b] = webUrls as [string, string];
  let primary: pg.Client;
  let replica: pg.Client;

  beforeAll(async () => {
    primary = new pg.Client({ connectionString: process.env.VMON_CLUSTER_PRIMARY_URL });
    replica = new pg.Client({ connectionString: process.env.VMON_CLUSTER_REPLICA_URL });
    // The replica is stopped by a test below: its end is expected, not an error of the run.
    replica.on("error", () => undefined);
    await primary.connect();
    await replica.connect();
  });
  afterAll(async () => {
    await primary?.end();
    await replica?.end();
  });

  it("N parallel requests on a quota of K, spread over both instances, let exactly K through", async () => {
    const K = 25;
    const token = await newToken(`cluster-quota-${run}@example.test`, K);
    const statuses = await Promise.all(
      Array.from({ length: 90 }, (_, i) => api(i % 2 ? b : a, token, "/v1/cards/stages/").then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(K);
    expect(statuses.filter((s) => s === 429)).toHaveLength(90 - K);
    const last = await api(a, token, "/v1/cards/stages/");
    expect(last.status).toBe(429);
    expect(last.headers.get("x-ratelimit-remaining")).toBe("0");
  });

  it("radar applications sent to both instances are each processed once, by two workers", async () => {
    // A second worker beside the cluster's own: two processes claim from the same queue.
    const worker: ChildProcess = spawn(process.execPath, ["bin/vmon.js", "worker"], { env: clusterEnv(), stdio: "ignore" });
    try {
      const email = `cluster-radar-${run}@example.test`;
      const token = await newToken(email);
      const { rows } = await primary.query<{ username: string }>("SELECT username FROM network_b_profile ORDER BY user_id LIMIT 20");
      const known = rows.map((r) => r.username);
      expect(known.length).toBeGreaterThan(5);
      const unknown = Array.from({ length: 20 }, (_, i) => `cluster-nobody-${i}`);
      const created = await Promise.all(
        [...known, ...unknown].map((username, i) =>
          api(i % 2 ? b : a, token, "/v1/radar/applications/", { method: "POST", body: { source: "network_b", username } }).then(
            (r) => r.status,
          ),
        ),
      );
      expect(created.every((s) => s === 200)).toBe(true);

      const account = (await primary.query<{ id: number }>("SELECT id FROM account WHERE email = $1", [email])).rows[0]!.id;
      await expect
        .poll(
          async () =>
            (
              await primary.query<{ n: number }>(
                "SELECT count(*)::int AS n FROM radar_application WHERE account_id = $1 AND init_status IN ('pending', 'processing')",
                [account],
              )
            ).rows[0]!.n,
          { timeout: 60_000, interval: 250 },
        )
        .toBe(0);
      // Known profiles: one connection each. Unknown ones: failed after exactly one attempt (a
      // second claim of the same row would have counted a second attempt).
      const connections = await primary.query<{ username: string }>("SELECT username FROM radar_connection WHERE account_id = $1", [
        account,
      ]);
      expect(connections.rows.map((r) => r.username).sort()).toEqual([...known].sort());
      const failed = await primary.query<{ identifier: string; attempts: number }>(
        "SELECT identifier, attempts FROM radar_application WHERE account_id = $1 AND init_status = 'failed'",
        [account],
      );
      expect(failed.rows.map((r) => r.identifier).sort()).toEqual([...unknown].sort());
      expect(failed.rows.every((r) => r.attempts === 1)).toBe(true);
    } finally {
      worker.kill("SIGTERM");
    }
    // SIGTERM: the worker finishes its batch and exits cleanly.
    const [code] = (await once(worker, "exit")) as [number | null];
    expect(code).toBe(0);
  });

  it("a read after a write sees the write, whichever instance answers each (also with reads on the replica)", async () => {
    // The workspace writes user data through tRPC with a browser session; the session cookie
    // of one instance is valid on the other (one AUTH_SECRET). REST reads it with a token.
    const email = `cluster-raw-${run}@example.test`;
    await vmon(["users", "create", "--email", email, "--password", "cluster-password-1"]);
    const token = await newToken(email);
    const session = await signIn(a, email, "cluster-password-1");
    for (const [writer, reader] of [
      [a, b],
      [b, a],
    ] as const) {
      const name = `Cluster ${writer.slice(-4)} ${Date.now()}`;
      const folder = await trpc<{ id: number }>(writer, session, "user.folders.create", { name });
      const folders = await json<{ data: { id: number; name: string }[] }>(await api(reader, token, "/v1/cards/folders/"));
      expect(folders.data.map((f) => f.name)).toContain(name);

      const cards = await json<{ data: { id: number; slug: string; open_to_intro: boolean }[] }>(
        await api(reader, token, "/v1/cards/?limit=50"),
      );
      const card = cards.data.find((c) => c.open_to_intro)!;
      await trpc(writer, session, "user.folders.addCard", { id: folder.id, cardId: card.id });
      const inFolder = await json<{ data: { slug: string }[] }>(await api(reader, token, `/v1/cards/?folder_ids=${folder.id}`));
      expect(inFolder.data.map((c) => c.slug)).toEqual([card.slug]);

      // An intro request shows on the card, although card reads otherwise go to the replica. The
      // account's first one reaches the other instance with the vm_auth notification of its commit
      // (docs/deployment.md): that instance may answer a read in the same moment from the replica,
      // so the first round's reads are given the notification's delivery (well under the 2 s
      // allowed here); in the second round the account has asked before, its reads are on the
      // primary and show each change at once.
      const intro = async () =>
        (await json<{ data: { has_intro_request: boolean } }>(await api(reader, token, `/v1/cards/${card.slug}/`))).data.has_intro_request;
      const expectIntro = async (shown: boolean) =>
        writer === a ? await expect.poll(intro, { timeout: 2_000, interval: 20 }).toBe(shown) : expect(await intro()).toBe(shown);
      await trpc(writer, session, "user.intro.request", { cardId: card.id, message: "cluster" });
      await expectIntro(true);
      await trpc(writer, session, "user.intro.cancel", { cardId: card.id });
      await expectIntro(false);
    }
  });

  it("card reads go to the replica; a stopped replica is skipped and reads go on", async () => {
    const token = await newToken(`cluster-replica-${run}@example.test`);
    const before = await commits(replica);
    for (let i = 0; i < 20; i++) await json(await api(i % 2 ? b : a, token, `/v1/cards/?limit=5&offset=${i * 5}`));
    await expect.poll(async () => (await commits(replica)) - before, { timeout: 30_000, interval: 1000 }).toBeGreaterThanOrEqual(20);

    await promisify(execFile)("bash", ["scripts/cluster-up.sh", "stop-replica"]);
    try {
      for (let i = 0; i < 6; i++) expect((await api(i % 2 ? b : a, token, "/v1/cards/?limit=5")).status).toBe(200);
    } finally {
      await promisify(execFile)("bash", ["scripts/cluster-up.sh", "start-replica"]);
    }
  });
});
