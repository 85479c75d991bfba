/**
 * npm run bench:aggregate — GET /v1/cards/aggregate/ for each grouping at BENCH_SCALE (default 50:
 * about 100,000 cards; 500: a million).
 *
 * The REST edge runs in this process (bench/lib/in-process.ts) on `vm_bench_s<scale>` with a
 * staff token. For each grouping, with no filter and with two filters: "cold" is the first answer
 * after a write to the cards (the counts are read again), "warm" a repeated answer while the data
 * is unchanged (remembered at the card data's version). The floor is the grouping's statement
 * alone through bare `pg`, measured in the same run. BENCH_RUNS answers of each (default 15).
 */
import pg from "pg";
import { benchDatabase, staffToken } from "./lib/bench-db";
import { percentile } from "./lib/load";
import { startInProcess } from "./lib/in-process";
import { printTable } from "./lib/report";

const SCALE = Number(process.env.BENCH_SCALE ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3129);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const GROUPS = ["stage", "round", "category", "country", "created_month", "last_interaction_month"];
const FILTERS = ["", "categories=fintech", "stages=seed&created_after=2025-01-01"];

/** The floor: the same grouping of every card, as one bare statement (no filter, no JSON, no cache). */
const FLOOR: Record<string, string> = {
  stage: "SELECT stage_id, count(*) FROM card GROUP BY 1",
  round: "SELECT round_id, count(*) FROM card GROUP BY 1",
  category: "SELECT category_ids, count(*) FROM card GROUP BY 1",
  country: "SELECT location_id, count(*) FROM card GROUP BY 1",
  created_month: "SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM'), count(*) FROM card GROUP BY 1",
  last_interaction_month: "SELECT to_char(last_interaction_at AT TIME ZONE 'UTC', 'YYYY-MM'), count(*) FROM card GROUP BY 1",
};

const { url } = await benchDatabase({ scale: SCALE });
const client = new pg.Client({ connectionString: url });
await client.connect();
await client.query("VACUUM ANALYZE card, card_category");
const token = await staffToken(url, "bench-aggregate@venture-monitor.local");
const service = await startInProcess(url, PORT);

/** A write to one card: the card data's version moves, so the next answer counts again. */
const touch = () => client.query("UPDATE card SET featured = featured WHERE id = (SELECT min(id) FROM card)");

async function timed(query: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${service.baseUrl}/v1/cards/aggregate/?${query}`, { headers: { authorization: `Token ${token}` } });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${res.status}: ${body}`);
  return performance.now() - t0;
}

const rows: Record<string, string | number>[] = [];
for (const filter of FILTERS) {
  for (const group of GROUPS) {
    const query = `group_by=${group}${filter ? `&${filter}` : ""}`;
    const cold: number[] = [];
    const warm: number[] = [];
    await timed(query);
    for (let i = 0; i < RUNS; i++) {
      await touch();
      cold.push(await timed(query));
      warm.push(await timed(query));
    }
    const floor: number[] = [];
    if (!filter) {
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await client.query(FLOOR[group]!);
        floor.push(performance.now() - t0);
      }
    }
    rows.push({
      filter: filter || "(none)",
      group_by: group,
      "cold p50 ms": percentile(cold, 50),
      "cold p95 ms": percentile(cold, 95),
      "warm p50 ms": percentile(warm, 50),
      "floor p50 ms": floor.length ? percentile(floor, 50) : "—",
    });
  }
}
printTable(`GET /v1/cards/aggregate/ at scale ${SCALE}, one client, in process (floor: the bare GROUP BY through pg)`, rows);
await client.end();
await service.close();
process.exit(0);
