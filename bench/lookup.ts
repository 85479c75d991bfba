/**
 * npm run bench:lookup — POST /v1/cards/lookup/ with full batches at BENCH_SCALE (default 50:
 * about 100,000 cards; 500: a million).
 *
 * The REST edge runs in this process (bench/lib/in-process.ts) on `vm_bench_s<scale>` with a
 * staff token. Each batch holds 100 identifiers sampled from the database, 20 of each kind:
 * website domains, website URLs with a path, founders' network profile URLs, slugs and exact
 * names (a fifth of the names and domains are changed so that nothing matches). One client, one
 * batch at a time, BENCH_RUNS batches (default 40) after 3 to warm up.
 */
import pg from "pg";
import { createPrisma } from "~/server/db/client";
import { benchDatabase, staffToken } from "./lib/bench-db";
import { percentile } from "./lib/load";
import { startInProcess } from "./lib/in-process";
import { printTable } from "./lib/report";

const SCALE = Number(process.env.BENCH_SCALE ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3128);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

const { url } = await benchDatabase({ scale: SCALE });
{
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query("VACUUM ANALYZE card, profile");
  await c.end();
}
const setup = createPrisma(url, 2);
const token = await staffToken(url, "bench-lookup@venture-monitor.local");
const batches: string[][] = [];
for (let b = 0; b < RUNS + 3; b++) {
  const cards = await setup.$queryRawUnsafe<{ slug: string; name: string; url: string | null; profile: string | null }[]>(
    `SELECT c.slug, c.name, c.url, p.network_a_url AS profile FROM card c TABLESAMPLE SYSTEM (0.5)
     LEFT JOIN profile p ON p.id = c.network_a_profile_id WHERE c.url IS NOT NULL LIMIT 400`,
  );
  const pick = (i: number) => cards[(i * 7 + b) % cards.length]!;
  const withProfile = cards.filter((c) => c.profile);
  const batch: string[] = [];
  for (let i = 0; i < 20; i++) {
    const c = pick(i);
    const host = new URL(c.url!).host;
    batch.push(i % 5 === 0 ? `missing-${b}-${i}.example` : host);
    batch.push(`${c.url!.replace(/\/$/, "")}/about`);
    batch.push(withProfile.length ? withProfile[i % withProfile.length]!.profile! : c.slug);
    batch.push(c.slug);
    batch.push(i % 5 === 0 ? `${c.name} Missing` : c.name);
  }
  batches.push(batch);
}
await setup.$disconnect();

const service = await startInProcess(url, PORT);
const ms: number[] = [];
const counts = { matched: 0, ambiguous: 0, not_found: 0 };
for (const [i, identifiers] of batches.entries()) {
  const t0 = performance.now();
  const res = await fetch(`${service.baseUrl}/v1/cards/lookup/`, {
    method: "POST",
    headers: { authorization: `Token ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ identifiers }),
  });
  const body = (await res.json()) as { meta: typeof counts };
  if (res.status !== 200) throw new Error(`${res.status}: ${JSON.stringify(body)}`);
  if (i < 3) continue;
  ms.push(performance.now() - t0);
  for (const k of Object.keys(counts) as (keyof typeof counts)[]) counts[k] += body.meta[k];
}
printTable(`POST /v1/cards/lookup/ at scale ${SCALE}, batches of 100 identifiers, one client, in process`, [
  {
    batches: ms.length,
    "p50 ms": percentile(ms, 50),
    "p95 ms": percentile(ms, 95),
    "ms per identifier (p50)": percentile(ms, 50) / 100,
    matched: counts.matched,
    ambiguous: counts.ambiguous,
    not_found: counts.not_found,
  },
]);
await service.close();
process.exit(0);
