/**
 * npm run bench:cluster — the cards list on a scaled-out deployment of this machine, three shapes
 * side by side in one run (rounds alternate between them):
 *   1. one web instance on the primary (through PgBouncer);
 *   2. two web instances on the primary;
 *   3. two web instances reading from the streaming replica (DATABASE_READ_URLS).
 * For each: requests/s (median of the rounds), p50 and p99, the ratio to one instance, and the CPU
 * each part spent per request (the web instances, the primary, the replica, PgBouncer, the load
 * generator), which says where the limit is on this machine.
 *
 * Needs a running cluster: `scripts/cluster-up.sh up` (CLUSTER_DIR, default /tmp/vmon-cluster; its
 * database holds the demo dataset). The benchmark starts web instances of its own (HTTP_PROCESSES=1,
 * WORKERS=off) on BENCH_PORT.. (default 3601). Env: BENCH_SECONDS (default 10), BENCH_ROUNDS (3),
 * BENCH_CONNECTIONS (16 in all, split between the instances), BENCH_URL (default
 * /v1/cards/?limit=20).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { treeCpu } from "./lib/cpu";
import { load, median, type TLoadResult } from "./lib/load";
import { printTable } from "./lib/report";

const DIR = process.env.CLUSTER_DIR ?? "/tmp/vmon-cluster";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const PORT = Number(process.env.BENCH_PORT ?? 3601);
const PATH = process.env.BENCH_URL ?? "/v1/cards/?limit=20";

const vars = Object.fromEntries(
  readFileSync(path.join(DIR, "cluster.env"), "utf8")
    .split("\n")
    .filter((l) => l.includes("="))
    .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
) as Record<string, string>;

const base: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: vars.VMON_CLUSTER_BOUNCER_URL,
  DATABASE_DIRECT_URL: vars.VMON_CLUSTER_PRIMARY_URL,
  PREPARED_STATEMENTS: "0",
  HTTP_PROCESSES: "1",
  WORKERS: "off",
  DEMO_SEED: "0",
  LOG_LEVEL: "warn",
  DATA_DIR: path.join(DIR, "bench"),
};

const pidOf = (file: string) => Number(readFileSync(path.join(DIR, file), "utf8").split("\n")[0]);

async function startInstance(port: number, replica: boolean): Promise<{ url: string; child: ChildProcess }> {
  const env = {
    ...base,
    PORT: String(port),
    BASE_URL: `http://localhost:${port}`,
    DATABASE_READ_URLS: replica ? vars.VMON_CLUSTER_REPLICA_URL : "",
  };
  const child = spawn(process.execPath, ["bin/start.js"], { env, stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, child };
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`instance on ${port} did not start`);
}

interface TShape {
  name: string;
  instances: { url: string; child: ChildProcess }[];
}

async function measure(shape: TShape, token: string) {
  const roots: Record<string, number> = {
    primary: pidOf("pg/primary/postmaster.pid"),
    replica: pidOf("pg/replica/postmaster.pid"),
    pgbouncer: pidOf("pg/pgbouncer.pid"),
  };
  shape.instances.forEach((inst, i) => (roots[`web${i + 1}`] = inst.child.pid!));
  const before = treeCpu(roots);
  const ownBefore = process.cpuUsage();
  const per = Math.max(1, Math.floor(CONNECTIONS / shape.instances.length));
  const results: TLoadResult[] = await Promise.all(
    shape.instances.map((inst) =>
      load({ url: `${inst.url}${PATH}`, headers: { Authorization: `Token ${token}` }, connections: per, seconds: SECONDS }),
    ),
  );
  const after = treeCpu(roots);
  const own = process.cpuUsage(ownBefore);
  const requests = results.reduce((t, r) => t + r.requests, 0);
  const cpu = (k: string) => (after[k]! - before[k]!) / requests;
  const web = Object.keys(roots)
    .filter((k) => k.startsWith("web"))
    .reduce((t, k) => t + cpu(k), 0);
  return {
    rps: results.reduce((t, r) => t + r.rps, 0),
    p50: median(results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    errors: results.reduce((t, r) => t + r.errors + r.non2xx, 0),
    web_ms: web,
    primary_ms: cpu("primary"),
    replica_ms: cpu("replica"),
    bouncer_ms: cpu("pgbouncer"),
    load_ms: (own.user + own.system) / 1000 / requests,
  };
}

async function main() {
  const token = JSON.parse(
    execFileSync(
      process.execPath,
      ["bin/vmon.js", "tokens", "create", "--email", "bench-cluster@venture-monitor.local", "--plan", "unlimited", "--json"],
      {
        env: base,
        encoding: "utf8",
      },
    ),
  ).token as string;
  const [p1, p2, r1, r2] = await Promise.all([
    startInstance(PORT, false),
    startInstance(PORT + 1, false),
    startInstance(PORT + 2, true),
    startInstance(PORT + 3, true),
  ]);
  const shapes: TShape[] = [
    { name: "1 instance, primary", instances: [p1!] },
    { name: "2 instances, primary", instances: [p1!, p2!] },
    { name: "2 instances, replica reads", instances: [r1!, r2!] },
  ];
  try {
    // Warm every instance (connections, caches, JIT of the code paths).
    for (const s of shapes)
      for (const i of s.instances)
        await load({ url: `${i.url}${PATH}`, headers: { Authorization: `Token ${token}` }, connections: 4, seconds: 2 });
    const runs = new Map<string, Awaited<ReturnType<typeof measure>>[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of shapes) runs.set(s.name, [...(runs.get(s.name) ?? []), await measure(s, token)]);
    }
    const one = median(runs.get(shapes[0]!.name)!.map((r) => r.rps));
    const rows = shapes.map((s) => {
      const r = runs.get(s.name)!;
      const m = (k: keyof (typeof r)[number]) => median(r.map((x) => x[k] as number));
      return {
        shape: s.name,
        "req/s": m("rps"),
        "x one": m("rps") / one,
        "p50 ms": m("p50"),
        "p99 ms": m("p99"),
        errors: r.reduce((t, x) => t + x.errors, 0),
        "web cpu ms/req": m("web_ms"),
        "primary ms/req": m("primary_ms"),
        "replica ms/req": m("replica_ms"),
        "bouncer ms/req": m("bouncer_ms"),
        "load gen ms/req": m("load_ms"),
      };
    });
    printTable(`GET ${PATH}, ${CONNECTIONS} connections in all, ${SECONDS} s x ${ROUNDS} rounds (medians)`, rows);
  } finally {
    for (const i of [p1, p2, r1, r2]) i?.child.kill("SIGTERM");
  }
}

await main();
