/**
 * npm run bench:profile-cards — where the service's CPU goes for one typical `GET /v1/cards/`.
 *
 * Serves the REST edge in this process (server/api/rest/node.ts, as the real server does) on a
 * database that `npm run bench:cards` (or `bench:import` with BENCH_KEEP=1) left behind, loads it
 * from a child process (autocannon at 16 connections, so the load generator's CPU stays out of the
 * profile) and records a CPU profile with node:inspector. Prints the service's CPU milliseconds
 * per request, then the self time by package and by function, and the inclusive time of the
 * functions that matter most. The raw profile is written to PROFILE_OUT for a viewer.
 *
 * Env: DATABASE_URL (default the scale-500 bench database), Q (the query string, default
 * `sort=trending`), BENCH_SECONDS (default 10), PROFILE_OUT (default /tmp/cards.cpuprofile).
 * SEMANTIC_LIKE=<card id> profiles a semantic search (`search=...&semantic=true` in Q): the query's
 * `search` text embeds, through a table embedding server, to that card's stored vector (the
 * vectors bench:semantic writes).
 */
import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { Session } from "node:inspector/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const URL_ = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/vm_bench_s500";
const QUERY = process.env.Q ?? "sort=trending";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const OUT = process.env.PROFILE_OUT ?? "/tmp/cards.cpuprofile";
const PORT = 3199;

process.env.DATABASE_URL = URL_;
process.env.LOG_LEVEL = "warn";
const embedder = process.env.SEMANTIC_LIKE ? await semanticEmbedder(Number(process.env.SEMANTIC_LIKE)) : undefined;
const { resetEnvCache } = await import("../server/env");
resetEnvCache();
const { createPrisma } = await import("../server/db/client");
const { ensureAccount, applySettings } = await import("../server/domain/accounts/accounts");
const { createApiToken } = await import("../server/domain/accounts/api-tokens");
const { tokenCache } = await import("../server/auth/caller");
const { listenForAuthChanges } = await import("../server/auth/token-cache");
const { serveRest } = await import("../server/api/rest/node");
const { closeDatabase } = await import("../server/db/client");

/** The table embedding server for SEMANTIC_LIKE, the service's embedding settings pointed at it. */
async function semanticEmbedder(cardId: number) {
  const { queryText } = await import("../server/domain/embeddings/kinds");
  const { startTableEmbeddingServer, TABLE_MODEL_KEY } = await import("./lib/embedding-server");
  const search = new URLSearchParams(QUERY).get("search");
  if (!search) throw new Error("SEMANTIC_LIKE needs a search text in Q");
  const client = new pg.Client(URL_);
  await client.connect();
  const { rows } = await client.query<{ v: string }>("SELECT embedding::text AS v FROM card_embedding WHERE card_id = $1 AND model = $2", [
    cardId,
    TABLE_MODEL_KEY,
  ]);
  await client.end();
  if (!rows[0]) throw new Error(`card ${cardId} has no bench:semantic vector`);
  const server = await startTableEmbeddingServer(new Map([[queryText(search), JSON.parse(rows[0].v) as number[]]]));
  Object.assign(process.env, server.env);
  return server;
}

const setup = createPrisma(URL_, 1);
const account = await ensureAccount(setup, "bench-profile@venture-monitor.local", {});
await applySettings(setup, account.id, { staff: true });
const token = (await createApiToken(setup, account.id)).raw;
await setup.$disconnect();

const stopAuth = listenForAuthChanges(URL_, tokenCache);
const server = createServer((req, res) => void serveRest(req, res));
await new Promise<void>((r) => server.listen(PORT, "127.0.0.1", r));
const target = `http://127.0.0.1:${PORT}/v1/cards/?${QUERY}`;
const check = await fetch(target, { headers: { authorization: `Token ${token}` } });
if (check.status !== 200) throw new Error(`${check.status} ${await check.text()}`);

const run = promisify(execFile);
const cannon = (seconds: number) =>
  run(
    path.join(root, "node_modules/.bin/autocannon"),
    ["-j", "-c", "16", "-d", String(seconds), "-H", `authorization=Token ${token}`, target],
    {
      maxBuffer: 1 << 24,
    },
  ).then((r) => JSON.parse(r.stdout) as { requests: { total: number; average: number }; latency: { p50: number; p99: number } });

await cannon(3); // warm-up: compiled code, remembered totals, cached pages
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 200 });
await session.post("Profiler.start");
const cpu0 = process.cpuUsage();
const result = await cannon(SECONDS);
const cpu = process.cpuUsage(cpu0);
const { profile } = await session.post("Profiler.stop");
writeFileSync(OUT, JSON.stringify(profile));

interface TNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const nodes = new Map<number, TNode>((profile.nodes as TNode[]).map((n) => [n.id, n]));
const selfSamples = new Map<number, number>();
for (const id of profile.samples ?? []) selfSamples.set(id, (selfSamples.get(id) ?? 0) + 1);
const totalSamples = profile.samples?.length ?? 1;
const idle = new Set(["(idle)", "(program)", "(garbage collector)"]);

const packageOf = (url: string) => {
  if (!url) return "(native)";
  const m = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  if (url.startsWith("node:")) return "node";
  const rel = url.replace(/^file:\/\//, "").replace(root + "/", "");
  return rel.split("/").slice(0, 3).join("/");
};
const label = (n: TNode) => `${n.callFrame.functionName || "(anonymous)"} ${packageOf(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;

const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
for (const [id, count] of selfSamples) {
  const n = nodes.get(id)!;
  const key = idle.has(n.callFrame.functionName) ? n.callFrame.functionName : packageOf(n.callFrame.url);
  byPackage.set(key, (byPackage.get(key) ?? 0) + count);
  byFunction.set(label(n), (byFunction.get(label(n)) ?? 0) + count);
}
// Inclusive samples per function (each function counted once per stack).
const parent = new Map<number, number>();
for (const n of nodes.values()) for (const c of n.children ?? []) parent.set(c, n.id);
const inclusive = new Map<string, number>();
for (const [id, count] of selfSamples) {
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const key = label(nodes.get(cur)!);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + count);
  }
}

const requests = result.requests.total;
const cpuMs = (cpu.user + cpu.system) / 1000;
// The process's CPU time (all its threads) spread over the samples taken while it was not idle.
const busy = totalSamples - (byPackage.get("(idle)") ?? 0);
const msPer = (samples: number) => ((samples / busy) * cpuMs) / requests;
const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${msPer(v).toFixed(3).padStart(7)} ms  ${((100 * v) / totalSamples).toFixed(1).padStart(5)} %  ${k}`);

console.log(
  `GET /v1/cards/?${QUERY}: ${requests} requests in ${SECONDS} s, ${Math.round(result.requests.average)} rps, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
);
console.log(`service CPU ${(cpuMs / requests).toFixed(3)} ms per request (${Math.round(cpuMs)} ms in all)`);
console.log("\nself time by package (ms per request, share of samples)");
for (const line of top(byPackage, 25)) console.log(line);
console.log("\nself time by function");
for (const line of top(byFunction, 40)) console.log(line);
console.log("\ninclusive time by function");
for (const line of top(inclusive, 60)) console.log(line);

server.close();
server.closeAllConnections();
await stopAuth();
await closeDatabase();
await embedder?.close();
process.exit(0);
