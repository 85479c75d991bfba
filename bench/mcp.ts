/**
 * npm run bench:mcp — what the MCP server adds to a request: `tools/call search_cards` on POST /mcp
 * against the same filter on `GET /v1/cards/`, with the same API token (sent as `Bearer`, a paid
 * plan with a large limit, so both sides are counted against the quota).
 *
 * On PostgreSQL (`vm_bench_s<scale>`, the demo dataset, seeded once), against the real service, in
 * alternating rounds: requests/s and p50 of each side, and the MCP/REST ratio of the medians
 * (goal: p50 within +20 %), with the service's CPU per request (its process tree, from /proc),
 * which moves less than latency on a shared machine. Each MCP request is a whole stateless exchange:
 * the JSON-RPC message parsed and answered as JSON. A third side sends the same call with an empty
 * `_meta`, which the fast path (server/mcp/fast.ts) leaves to the SDK's server and transport built
 * for the request: what the fast path saves, in the same run.
 *
 * Env: BENCH_SCALE (default 5: about 10,000 cards), BENCH_SECONDS (default 10), BENCH_ROUNDS
 * (default 3), BENCH_PORT (default 3120), BENCH_PG.
 */
import { execFileSync } from "node:child_process";
import { benchDatabase } from "./lib/bench-db";
import { cpuPerRequest, cpuSample } from "./lib/cpu";
import { load, median } from "./lib/load";
import { printTable } from "./lib/report";
import { startService } from "./lib/service";

const SCALE = Number(process.env.BENCH_SCALE ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3120);
const CONNECTIONS = 16;

/** The filter of both sides: one stage, trending order, a page of 20. */
// Compact cards: a page of 20 stays under the tool's 25,000-character result cap (docs/mcp.md), so
// both sides answer the same 20 cards.
const FILTER = { stages: ["mvp"], sort: "trending", limit: 20, view: "compact" };
const QUERY = "stages=mvp&sort=trending&limit=20&view=compact";

async function main() {
  const { url } = await benchDatabase({ scale: SCALE });
  const service = await startService({ databaseUrl: url, port: PORT });
  try {
    const env = { ...process.env, DATABASE_URL: url };
    const out = execFileSync(
      process.execPath,
      [
        "bin/vmon.js",
        "tokens",
        "create",
        "--email",
        "bench-mcp@venture-monitor.local",
        "--plan",
        "paid",
        "--limit",
        "1000000000",
        "--json",
      ],
      { env, encoding: "utf8" },
    );
    const { token } = JSON.parse(out) as { token: string };
    const authorization = `Bearer ${token}`;
    const rest = { label: "GET /v1/cards/", url: `${service.baseUrl}/v1/cards/?${QUERY}`, headers: { authorization } };
    const mcpBody = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "search_cards", arguments: FILTER } });
    const mcpHeaders = { authorization, accept: "application/json, text/event-stream" };
    const mcp = {
      label: "tools/call search_cards",
      url: `${service.baseUrl}/mcp`,
      method: "POST" as const,
      body: mcpBody,
      headers: mcpHeaders,
    };
    const sdkBody = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "search_cards", arguments: FILTER, _meta: {} },
    });
    const sdk = { ...mcp, label: "the same through the SDK", body: sdkBody };

    // Both sides answer the same cards before anything is timed.
    const restJson = await (await fetch(rest.url, { headers: rest.headers })).json();
    for (const body of [mcpBody, sdkBody]) {
      const mcpRes = await fetch(mcp.url, { method: "POST", headers: { ...mcpHeaders, "content-type": "application/json" }, body });
      const mcpJson = (await mcpRes.json()) as { result?: { structuredContent?: unknown; isError?: boolean } };
      // The tool adds where to continue (next_cursor) to the /v1 page.
      const { next_cursor: _next, ...page } = (mcpJson.result?.structuredContent ?? {}) as { next_cursor?: unknown };
      if (JSON.stringify(page) !== JSON.stringify(restJson)) {
        throw new Error(`the sides differ: ${JSON.stringify(mcpJson).slice(0, 500)}`);
      }
    }

    const sides = [rest, mcp, sdk];
    for (const side of sides) await load({ ...side, connections: CONNECTIONS, seconds: 3 }); // warm-up
    const results = new Map<string, { rps: number[]; p50: number[]; p99: number[]; cpu: number[]; errors: number }>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of round % 2 ? [...sides].reverse() : sides) {
        const before = cpuSample(service.pid);
        const r = await load({ ...side, connections: CONNECTIONS, seconds: SECONDS });
        const cpu = cpuPerRequest(before, cpuSample(service.pid), r.requests);
        const acc = results.get(side.label) ?? { rps: [], p50: [], p99: [], cpu: [], errors: 0 };
        acc.cpu.push(cpu.svc_ms);
        acc.rps.push(r.rps);
        acc.p50.push(r.p50);
        acc.p99.push(r.p99);
        acc.errors += r.errors + r.non2xx;
        results.set(side.label, acc);
      }
    }
    const rows = sides.map((s) => {
      const r = results.get(s.label)!;
      return {
        request: s.label,
        "rps (median)": median(r.rps),
        "p50 ms (median)": median(r.p50),
        "p50 per round": r.p50.join(" / "),
        "p99 ms (median)": median(r.p99),
        "service CPU ms/request": Number(median(r.cpu).toFixed(2)),
        errors: r.errors,
      };
    });
    printTable(`${QUERY}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each`, rows);
    const ratio = (median(results.get(mcp.label)!.p50) / median(results.get(rest.label)!.p50) - 1) * 100;
    const cpuRatio = (median(results.get(mcp.label)!.cpu) / median(results.get(rest.label)!.cpu) - 1) * 100;
    process.stdout.write(`\nMCP p50 vs REST p50: ${ratio >= 0 ? "+" : ""}${ratio.toFixed(1)} % (goal: at most +20 %)\n`);
    process.stdout.write(`MCP service CPU per request vs REST: ${cpuRatio >= 0 ? "+" : ""}${cpuRatio.toFixed(1)} %\n`);
    const sdkRatio = (median(results.get(sdk.label)!.p50) / median(results.get(rest.label)!.p50) - 1) * 100;
    const sdkCpu = (median(results.get(sdk.label)!.cpu) / median(results.get(rest.label)!.cpu) - 1) * 100;
    process.stdout.write(
      `Through the SDK: p50 ${sdkRatio >= 0 ? "+" : ""}${sdkRatio.toFixed(1)} %, CPU per request ${sdkCpu >= 0 ? "+" : ""}${sdkCpu.toFixed(1)} % vs REST\n`,
    );
  } finally {
    await service.close();
  }
}

await main();
