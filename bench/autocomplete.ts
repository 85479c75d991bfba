/**
 * npm run bench:autocomplete — GET /v1/autocomplete/ (typeahead) at BENCH_SCALE (default 50:
 * about 100,000 cards; 500: a million cards, 150,000 participants, 1,500,000 founder profiles).
 *
 * The REST edge runs in this process (bench/lib/in-process.ts) on `vm_bench_s<scale>`, with a
 * staff token that may read founders, so every kind is searched. Queries are built from names
 * sampled from the database, one client at a time, after the typo word list has loaded:
 *   - prefix 2 / prefix 4: the first 2 or 4 letters of a card's name;
 *   - full name: a card's whole name;
 *   - later word: the start of a participant's or founder's second word;
 *   - typo: a card name's first word with a middle letter dropped (found by correction);
 *   - nothing: letters no name starts with.
 * Beside each, the floor: the card prefix step's SQL through bare `pg` (what a request cannot go
 * below). Goal: p95 < 20 ms end to end at a million cards.
 *
 * Env: BENCH_SCALE (50), BENCH_PORT (3127), BENCH_RUNS (60 queries of each kind).
 */
import pg from "pg";
import { createPrisma, db as serviceDb } from "~/server/db/client";
import { nameVocabulary } from "~/server/domain/autocomplete/vocabulary";
import { benchDatabase, staffToken } from "./lib/bench-db";
import { percentile } from "./lib/load";
import { startInProcess } from "./lib/in-process";
import { printTable } from "./lib/report";

const SCALE = Number(process.env.BENCH_SCALE ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3127);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);

const { url } = await benchDatabase({ scale: SCALE });
{
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query("VACUUM ANALYZE card, participant, profile, vm_card_word");
  await c.end();
}

const setup = createPrisma(url, 2);
const token = await staffToken(url, "bench-autocomplete@venture-monitor.local", { grant: ["network_a_profiles"] });
const sample = async (sql: string) => (await setup.$queryRawUnsafe<{ name: string }[]>(sql)).map((r) => r.name);
const cardNames = await sample(`SELECT name FROM card TABLESAMPLE SYSTEM (1) LIMIT ${RUNS}`);
const personNames = [
  ...(await sample(`SELECT name FROM participant WHERE name LIKE '% %' ORDER BY random() LIMIT ${Math.ceil(RUNS / 2)}`)),
  ...(await sample(`SELECT name FROM profile TABLESAMPLE SYSTEM (0.1) WHERE name LIKE '% %' LIMIT ${Math.ceil(RUNS / 2)}`)),
];
await setup.$disconnect();

const dropMiddle = (word: string) => word.slice(0, Math.floor(word.length / 2)) + word.slice(Math.floor(word.length / 2) + 1);
const KINDS: { kind: string; queries: string[] }[] = [
  { kind: "prefix 2", queries: cardNames.map((n) => n.slice(0, 2)) },
  { kind: "prefix 4", queries: cardNames.map((n) => n.slice(0, 4)) },
  { kind: "full name", queries: cardNames },
  { kind: "later word", queries: personNames.map((n) => n.split(" ")[1]!.slice(0, 4)) },
  {
    kind: "typo",
    queries: cardNames
      .map((n) => n.split(" ")[0]!)
      .filter((w) => w.length >= 6)
      .map(dropMiddle),
  },
  { kind: "nothing", queries: cardNames.map((_, i) => `qzx${i}`) },
];

const service = await startInProcess(url, PORT);
await nameVocabulary(await serviceDb());
const floor = new pg.Pool({ connectionString: url, max: 2 });

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

const rows: Record<string, unknown>[] = [];
const all: number[] = [];
for (const { kind, queries } of KINDS) {
  const ms: number[] = [];
  const floorMs: number[] = [];
  let results = 0;
  for (const q of [...queries.slice(0, 5), ...queries]) {
    const elapsed = await timed(async () => {
      const res = await fetch(`${service.baseUrl}/v1/autocomplete/?q=${encodeURIComponent(q)}`, {
        headers: { authorization: `Token ${token}` },
      });
      if (res.status !== 200) throw new Error(`${q}: ${res.status} ${await res.text()}`);
      results += ((await res.json()) as { data: unknown[] }).data.length;
    });
    const pattern = `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const floorElapsed = await timed(() =>
      floor.query("SELECT id, slug, name FROM card WHERE lower(name) LIKE $1 ORDER BY lower(name) USING ~<~ LIMIT 30", [pattern]),
    );
    ms.push(elapsed);
    floorMs.push(floorElapsed);
  }
  const measured = ms.slice(5);
  all.push(...measured);
  rows.push({
    kind,
    queries: measured.length,
    "results/query": results / ms.length,
    "p50 ms": percentile(measured, 50),
    "p95 ms": percentile(measured, 95),
    "floor p50 ms": percentile(floorMs.slice(5), 50),
  });
}
rows.push({ kind: "all", queries: all.length, "p50 ms": percentile(all, 50), "p95 ms": percentile(all, 95) });
printTable(`GET /v1/autocomplete/ at scale ${SCALE}, one client, in process (goal: p95 < 20 ms at a million cards)`, rows);

await floor.end();
await service.close();
process.exit(0);
