/**
 * npm run bench:oauth — the authorization server's token endpoint, and what a Bearer access token
 * costs on /v1 against an API token.
 *
 * On PostgreSQL (`vm_bench_s<scale>`, the demo dataset, seeded once), against the real service:
 *   1. token endpoint: BENCH_CODES authorization codes (issued in this process through the same
 *      functions the consent page calls) exchanged with PKCE at 16 concurrent requests, then a
 *      chain of refresh-token rotations per connection: exchanges/s, p50 and p99;
 *   2. `GET /v1/cards/?limit=20` with `Authorization: Bearer <access token>` against the same
 *      request with `Authorization: Token <API token>` of the same account (a paid plan with a
 *      large limit, so both are counted against the quota), in alternating rounds: requests/s and
 *      p50 of each, and the Bearer/API-token ratio of the medians (goal: p50 within +10 %).
 *
 * Env: BENCH_SCALE (default 5: about 10,000 cards), BENCH_SECONDS (default 10), BENCH_ROUNDS
 * (default 3), BENCH_CODES (default 2000), BENCH_PORT (default 3119), BENCH_PG.
 */
import { createHash, randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import { benchDatabase } from "./lib/bench-db";
import { load, median } from "./lib/load";
import { printTable } from "./lib/report";
import { startService } from "./lib/service";

const SCALE = Number(process.env.BENCH_SCALE ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CODES = Number(process.env.BENCH_CODES ?? 2000);
const PORT = Number(process.env.BENCH_PORT ?? 3119);
const CONNECTIONS = 16;
const REDIRECT = "http://127.0.0.1/callback";

const pkce = () => {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
};

function vmonJson(env: NodeJS.ProcessEnv, args: string[]) {
  return JSON.parse(execFileSync(process.execPath, ["bin/vmon.js", ...args, "--json"], { env, encoding: "utf8" }));
}

/** Runs `task` for each item at `concurrency`, returning each call's latency in ms. */
async function timed<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>): Promise<{ ms: number[]; seconds: number }> {
  const ms: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        const t0 = performance.now();
        await task(item);
        ms.push(performance.now() - t0);
      }
    }),
  );
  return { ms, seconds: (performance.now() - started) / 1000 };
}

const pct = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

async function main() {
  const { url } = await benchDatabase({ scale: SCALE });
  const baseUrl = `http://localhost:${PORT}`;
  // The in-process calls below (issuing codes) use the same database and issuer as the service.
  process.env.DATABASE_URL = url;
  process.env.BASE_URL = baseUrl;
  const { db } = await import("../server/db/client");
  const { checkAuthorizeRequest, decide } = await import("../server/auth/oauth/authorize");
  const service = await startService({ databaseUrl: url, port: PORT });
  const env = { ...process.env, DATABASE_URL: url };
  try {
    const email = "bench-oauth@venture-monitor.local";
    const { token: apiToken, account } = vmonJson(env, ["tokens", "create", "--email", email, "--plan", "paid", "--limit", "1000000000"]);
    const app = vmonJson(env, ["oauth-clients", "create", "--name", "Bench App", "--redirect-uri", REDIRECT, "--scopes", "cards:read"]);
    const database = await db();

    // 1. Codes, issued as the consent page issues them, then exchanged over HTTP.
    const codes: { code: string; verifier: string }[] = [];
    for (let i = 0; i < CODES; i++) {
      const { verifier, challenge } = pkce();
      const query = new URLSearchParams({
        client_id: app.client_id,
        redirect_uri: REDIRECT,
        response_type: "code",
        scope: "cards:read",
        code_challenge: challenge,
        code_challenge_method: "S256",
      });
      const check = await checkAuthorizeRequest(database, query);
      if (check.kind !== "ok") throw new Error(`authorization refused: ${JSON.stringify(check)}`);
      const location = new URL(await decide(database, account.id, check.request, true));
      codes.push({ code: location.searchParams.get("code")!, verifier });
    }
    const basic = `Basic ${Buffer.from(`${app.client_id}:${app.client_secret}`).toString("base64")}`;
    const post = async (body: Record<string, string>) => {
      const res = await fetch(`${baseUrl}/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic },
        body: new URLSearchParams(body).toString(),
      });
      const json = (await res.json()) as { access_token?: string; refresh_token?: string; error?: string };
      if (res.status !== 200) throw new Error(`token endpoint: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const issued: { access: string; refresh: string }[] = [];
    const exchange = await timed(codes, CONNECTIONS, async ({ code, verifier }) => {
      const t = await post({ grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: REDIRECT });
      issued.push({ access: t.access_token!, refresh: t.refresh_token! });
    });
    // One chain of rotations per connection: each refresh token is single-use (a reuse would
    // revoke the grant), so a chain's next rotation waits for its previous one.
    const chains = issued.slice(0, CONNECTIONS).map((t) => ({ refresh: t.refresh }));
    const perChain = Math.ceil(CODES / chains.length);
    const rotationMs: number[] = [];
    const refresh = await timed(chains, CONNECTIONS, async (chain) => {
      for (let i = 0; i < perChain; i++) {
        const t0 = performance.now();
        const t = await post({ grant_type: "refresh_token", refresh_token: chain.refresh });
        rotationMs.push(performance.now() - t0);
        chain.refresh = t.refresh_token!;
      }
    });
    printTable(`Token endpoint (${CODES} requests each, ${CONNECTIONS} concurrent)`, [
      {
        grant: "authorization_code",
        "per s": Math.round(CODES / exchange.seconds),
        "p50 ms": pct(exchange.ms, 50),
        "p99 ms": pct(exchange.ms, 99),
      },
      {
        grant: "refresh_token",
        "per s": Math.round((perChain * chains.length) / refresh.seconds),
        "p50 ms": pct(rotationMs, 50),
        "p99 ms": pct(rotationMs, 99),
      },
    ]);

    // 2. Bearer against API token on the same request, alternating.
    const bearer = issued[issued.length - 1]!.access;
    const target = `${baseUrl}/v1/cards/?limit=20`;
    const sides = [
      { label: "API token", headers: { authorization: `Token ${apiToken}` } },
      { label: "OAuth Bearer", headers: { authorization: `Bearer ${bearer}` } },
    ];
    for (const side of sides) await load({ url: target, headers: side.headers, connections: CONNECTIONS, seconds: 3 }); // warm-up
    const results = new Map<string, { rps: number[]; p50: number[]; errors: number }>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of round % 2 ? [...sides].reverse() : sides) {
        const r = await load({ url: target, headers: side.headers, connections: CONNECTIONS, seconds: SECONDS });
        const acc = results.get(side.label) ?? { rps: [], p50: [], errors: 0 };
        acc.rps.push(r.rps);
        acc.p50.push(r.p50);
        acc.errors += r.errors + r.non2xx;
        results.set(side.label, acc);
      }
    }
    const rows = sides.map((s) => {
      const r = results.get(s.label)!;
      return {
        auth: s.label,
        "rps (median)": median(r.rps),
        "p50 ms (median)": median(r.p50),
        "p50 per round": r.p50.join(" / "),
        errors: r.errors,
      };
    });
    printTable(`GET /v1/cards/?limit=20, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each`, rows);
    const ratio = (median(results.get("OAuth Bearer")!.p50) / median(results.get("API token")!.p50) - 1) * 100;
    process.stdout.write(`\nBearer p50 vs API token p50: ${ratio >= 0 ? "+" : ""}${ratio.toFixed(1)} % (goal: at most +10 %)\n`);
  } finally {
    await service.close();
    const { closeDatabase } = await import("../server/db/client");
    await closeDatabase();
  }
}

await main();
