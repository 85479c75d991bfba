import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TDb } from "~/server/db/client";
import { deferIndexes, restoreDeferredIndexes } from "~/server/db/deferred-indexes";
import { referenceRecords } from "~/server/domain/demo/reference";
import { Rng } from "~/server/domain/demo/prng";
import { ADJECTIVES, NAME_HEADS, NAME_TAILS, SECTORS } from "~/server/domain/demo/vocab-sectors";
import { fileSource, importJsonl } from "~/server/domain/import";
import { deferTriggerTable, TRIGGER_TABLES } from "~/server/domain/import/trigger-tables";

/**
 * The data of `bench:alerts` (bench/alerts.ts), generated in SQL: the demo dataset's reference
 * data (stages, rounds, categories, locations, source types, through the regular import), cards
 * written by generate_series with the demo's distributions, analysts with saved filters, and the
 * ordinary INSERT and UPDATE statements of a run's changed cards.
 */

const CHUNK = 100_000;
const ACCOUNT_DOMAIN = "bench-alerts.example";
export const BELL_ACCOUNTS = 20;
const BELL_UNREAD = 1000;

const analystEmail = (i: number) => `analyst${i}@${ACCOUNT_DOMAIN}`;

/** Whole-hour zones (a digest period starts on the hour in each). */
export const ZONES = [
  "UTC",
  "Europe/London",
  "Europe/Berlin",
  "America/New_York",
  "America/Los_Angeles",
  "Asia/Tokyo",
  "Asia/Singapore",
  "America/Sao_Paulo",
];

/** Stages, rounds, categories, locations and source types of the demo dataset, through the import (once). */
export async function importReference(db: TDb): Promise<void> {
  if ((await db.stage.count()) > 0) return;
  const dir = mkdtempSync(path.join(tmpdir(), "vm-bench-alerts-"));
  try {
    const file = path.join(dir, "reference.jsonl");
    writeFileSync(file, [...referenceRecords()].map((r) => JSON.stringify(r)).join("\n") + "\n");
    await importJsonl(db, fileSource(file));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The sectors as rows (top-level category id, its children's ids, its products and customers),
 * in a temporary table of the connection that generates cards.
 */
async function sectorTable(db: TDb): Promise<void> {
  await db.$executeRawUnsafe(`DROP TABLE IF EXISTS pg_temp.bench_sector`);
  await db.$executeRawUnsafe(
    `CREATE TEMP TABLE bench_sector (idx int, id int, child_ids int[], products text[], customers text[], web3 boolean)`,
  );
  for (const [i, s] of SECTORS.entries()) {
    await db.$executeRaw`
      INSERT INTO bench_sector
      SELECT ${i}, (SELECT id FROM category WHERE slug = ${s.slug}),
             ARRAY(SELECT id FROM category WHERE slug = ANY(${s.children.map(([c]) => c)}::text[]) ORDER BY id),
             ${s.products}::text[], ${s.customers}::text[], ${s.web3 === true}`;
  }
}

/**
 * The SELECT of `n` generated cards numbered from `from` (slugs `bench-<n>`): a sector (the popular
 * ones more often) and one or two of its sub-categories, a tenth with a category of another sector;
 * a name and a description from the demo's words; a stage and a round for 85 % (early stages more
 * often); a city for 92 %, the big ones more often; an age up to two years, recent months denser;
 * 3 % without interactions; 6 % trending, 3 % featured.
 */
function cardSelect(from: number, n: number, nowSql = "now()"): string {
  return `
    WITH g AS (
      SELECT i, random() rs, random() rc1, random() rc2, random() rx, random() rn1, random() rn2, random() rd1, random() rd2,
             random() rd3, random() rst, random() rrd, random() rl, random() rage, random() rlast, random() rk, random() rf
        FROM generate_series(${from}, ${from + n - 1}) i
    ), ref AS (
      SELECT ARRAY(SELECT id FROM stage ORDER BY position) stages, ARRAY(SELECT id FROM round ORDER BY position) rounds,
             ARRAY(SELECT id FROM location WHERE type = 'city' ORDER BY id) cities,
             ARRAY(SELECT id FROM source_type ORDER BY id) sources,
             ARRAY(SELECT id FROM category WHERE parent_id IS NOT NULL ORDER BY id) subs,
             (SELECT count(*) FROM bench_sector)::int nsec
    ), d AS (
      SELECT g.*, s.*, ref.*,
             ${nowSql} - make_interval(secs => 730 * 86400 * g.rage * g.rage) AS first_at
        FROM g, ref, bench_sector s WHERE s.idx = floor(ref.nsec * power(g.rs, 1.4))::int
    )
    SELECT 'bench-' || i, ${sqlArray(NAME_HEADS)}[1 + floor(rn1 * ${NAME_HEADS.length})::int] || ${sqlArray(NAME_TAILS)}[1 + floor(rn2 * ${NAME_TAILS.length})::int],
           ${sqlArray(ADJECTIVES)}[1 + floor(rd1 * ${ADJECTIVES.length})::int] || ' ' || products[1 + floor(rd2 * array_length(products, 1))::int]
             || ' for ' || customers[1 + floor(rd3 * array_length(customers, 1))::int] || '.',
           CASE WHEN rst < 0.85 THEN stages[1 + floor(array_length(stages, 1) * power(rst / 0.85, 1.3))::int] END,
           CASE WHEN rrd < 0.85 THEN rounds[1 + floor(array_length(rounds, 1) * power(rrd / 0.85, 1.5))::int] END,
           CASE WHEN rl < 0.92 THEN cities[1 + floor(array_length(cities, 1) * power(rl / 0.92, 2))::int] END,
           rk < 0.06, rf < 0.03, rx < 0.35, web3 OR rf > 0.96, NOT web3,
           first_at - make_interval(secs => 3 * 86400 * rk),
           CASE WHEN rf < 0.03 THEN first_at ELSE first_at + (${nowSql} - first_at) * rlast END,
           CASE WHEN rf < 0.03 THEN 0 ELSE 1 + floor(30 * rlast * rlast)::int END,
           CASE WHEN rf < 0.03 THEN NULL ELSE first_at END,
           CASE WHEN rf < 0.03 THEN NULL ELSE first_at + (${nowSql} - first_at) * rlast END,
           sources[1 + floor(rs * array_length(sources, 1))::int],
           ARRAY(SELECT DISTINCT x FROM unnest(ARRAY[id, child_ids[1 + floor(rc1 * array_length(child_ids, 1))::int],
                   CASE WHEN rc2 < 0.5 THEN child_ids[1 + floor(rc2 * 2 * array_length(child_ids, 1))::int] END,
                   CASE WHEN rx < 0.1 THEN subs[1 + floor(rx * 10 * array_length(subs, 1))::int] END]) x
                 WHERE x IS NOT NULL ORDER BY x)
      FROM d`;
}

const CARD_COLUMNS = `slug, name, description, stage_id, round_id, location_id, trending, featured, open_to_intro, web3, web2,
  created_at, updated_at, interactions_count, first_interaction_at, last_interaction_at, earliest_source_type_id, category_ids`;

function sqlArray(words: readonly string[]): string {
  return `(ARRAY[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(",")}]::text[])`;
}

/** Writes cards `from`..`from+n-1` and their card_category rows (two ordinary INSERT statements: the triggers fire). */
async function insertCards(db: TDb, from: number, n: number): Promise<void> {
  await db.$executeRawUnsafe(`INSERT INTO card (${CARD_COLUMNS}) ${cardSelect(from, n)}`);
  await db.$executeRawUnsafe(
    `INSERT INTO card_category (card_id, category_id, stage_id, round_id)
     SELECT c.id, x, c.stage_id, c.round_id FROM card c CROSS JOIN LATERAL unnest(c.category_ids) x
      WHERE c.slug = ANY(ARRAY(SELECT 'bench-' || i FROM generate_series(${from}, ${from + n - 1}) i))`,
  );
}

/**
 * The cards, once: loaded like the importer loads an empty table (card's and card_category's
 * secondary indexes and the vm_card_word rows built after the load; the other triggers fire).
 * `db` must hold one connection (the sectors are a temporary table).
 */
export async function ensureCards(db: TDb, cards: number, log: (s: string) => void): Promise<void> {
  await sectorTable(db);
  const have = Number((await db.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM card`))[0]!.n);
  if (have >= cards) return;
  if (have === 0) {
    await deferIndexes(db, ["card", "card_category"]);
    await deferTriggerTable(db, TRIGGER_TABLES.card);
  }
  const started = Date.now();
  for (let from = have + 1; from <= cards; from += CHUNK) {
    await insertCards(db, from, Math.min(CHUNK, cards - from + 1));
    log(`  cards ${Math.min(cards, from + CHUNK - 1)} / ${cards} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  log("  building indexes and card words…");
  await restoreDeferredIndexes(db, 2);
  await db.$executeRawUnsafe("VACUUM ANALYZE card");
  await db.$executeRawUnsafe("VACUUM ANALYZE card_category");
  await db.$executeRawUnsafe("VACUUM ANALYZE vm_card_word");
}

/** Zipf-like: index k of n with weight 1 / (k + 1). */
function zipf(rng: Rng, n: number): number {
  const h = Math.log(n + 1);
  return Math.min(n - 1, Math.floor(Math.exp(rng.next() * h) - 1));
}

interface TRefSlugs {
  stages: string[];
  rounds: string[];
  sectors: string[];
  subs: string[];
  cities: string[];
  regions: string[];
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** One filter as an analyst saves it: one to three of stage, category, location, text, dates, signals. */
function randomFilter(rng: Rng, ref: TRefSlugs): { name: string; params: Record<string, unknown> } {
  const params: Record<string, unknown> = {};
  const name: string[] = [];
  const kinds = rng.range(1, 3);
  const pool = ["stage", "stage", "category", "category", "category", "location", "location", "search", "date", "signals", "flag"];
  for (let k = 0; k < kinds; k++) {
    const kind = rng.pick(pool);
    if (kind === "stage") {
      params.stages = rng.sample(ref.stages.slice(0, 6), rng.range(1, 2));
      name.push((params.stages as string[]).join("/"));
    } else if (kind === "category") {
      params.categories = rng.chance(0.4) ? [rng.pick(ref.sectors)] : rng.sample(ref.subs, rng.range(1, 2));
      name.push((params.categories as string[]).join("/"));
    } else if (kind === "location") {
      params.locations = rng.chance(0.3) ? [rng.pick(ref.regions)] : [ref.cities[zipf(rng, ref.cities.length)]!];
      name.push(`in ${(params.locations as string[])[0]}`);
    } else if (kind === "search") {
      const sector = rng.pick(SECTORS);
      params.search = rng.pick(sector.products).split(" ")[rng.int(2)] ?? sector.products[0];
      name.push(`"${params.search}"`);
    } else if (kind === "date") {
      if (rng.chance(0.6)) params.last_interaction_within_days = rng.pick([7, 30, 90]);
      else params.created_after = isoDay(Date.UTC(2025, 0, 1) + rng.int(600) * 86_400_000);
      name.push("recent");
    } else if (kind === "signals") {
      params.min_signals = rng.pick([5, 10, 20]);
      name.push(`${params.min_signals}+ signals`);
    } else {
      params[rng.chance(0.5) ? "trending" : "featured"] = true;
      name.push("hot");
    }
  }
  return { name: name.join(", ").slice(0, 100), params };
}

/** The reference slugs filters are made of. */
async function refSlugs(db: TDb): Promise<TRefSlugs> {
  const slugs = (sql: string) => db.$queryRawUnsafe<{ slug: string }[]>(sql).then((r) => r.map((x) => x.slug));
  return {
    stages: await slugs(`SELECT slug FROM stage ORDER BY position`),
    rounds: await slugs(`SELECT slug FROM round ORDER BY position`),
    sectors: await slugs(`SELECT slug FROM category WHERE parent_id IS NULL ORDER BY id`),
    subs: await slugs(`SELECT slug FROM category WHERE parent_id IS NOT NULL ORDER BY id`),
    cities: await slugs(`SELECT slug FROM location WHERE type = 'city' ORDER BY id`),
    regions: await slugs(`SELECT slug FROM location WHERE type IN ('region', 'country') ORDER BY id`),
  };
}

/**
 * The analysts, once: `accounts` accounts with `filters` saved filters each (three in four from
 * 400 shared filters drawn Zipf-like, so popular filters repeat across analysts; the rest made up
 * on the spot, mostly unique), notification settings in a mix of zones with an unsubscribe key;
 * and BELL_ACCOUNTS accounts holding BELL_UNREAD unread notifications each (older than the
 * e-mail window).
 */
export async function ensureAnalysts(db: TDb, accounts: number, filters: number, log: (s: string) => void): Promise<void> {
  const have = Number(
    (await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM account WHERE email LIKE ${`analyst%@${ACCOUNT_DOMAIN}`}`)[0]!.n,
  );
  if (have >= accounts) return;
  const ref = await refSlugs(db);
  const rng = new Rng(40);
  const shared = Array.from({ length: 400 }, () => randomFilter(rng, ref));
  for (let from = have + 1; from <= accounts; from += 1000) {
    const to = Math.min(accounts, from + 999);
    await db.$executeRaw`
      INSERT INTO account (email, name, plan, updated_at)
      SELECT 'analyst' || i || '@' || ${ACCOUNT_DOMAIN}, 'Analyst ' || i, 'paid', now() FROM generate_series(${from}::int, ${to}::int) i`;
    const ids = await db.$queryRaw<{ id: number; email: string }[]>`
      SELECT id, email FROM account WHERE email = ANY(${Array.from({ length: to - from + 1 }, (_, k) => analystEmail(from + k))}::text[])`;
    const owners: number[] = [];
    const names: string[] = [];
    const params: string[] = [];
    for (const a of ids) {
      for (let k = 0; k < filters; k++) {
        const f = rng.chance(0.75) ? shared[zipf(rng, shared.length)]! : randomFilter(rng, ref);
        owners.push(a.id);
        names.push(f.name);
        params.push(JSON.stringify(f.params));
      }
    }
    await db.$executeRaw`
      INSERT INTO saved_filter (account_id, name, params, updated_at)
      SELECT * , now() FROM unnest(${owners}::int[], ${names}::text[], ${params}::jsonb[])`;
    await db.$executeRaw`
      INSERT INTO notification_settings (account_id, digest_hour, time_zone, unsubscribe_key, updated_at)
      SELECT a, 8, (${ZONES}::text[])[1 + a % ${ZONES.length}], md5(random()::text) || md5(random()::text), now()
        FROM unnest(${ids.map((a) => a.id)}::int[]) a`;
    log(`  analysts ${to} / ${accounts}`);
  }
  await db.$executeRaw`
    INSERT INTO account (email, name, plan, updated_at)
    SELECT 'bell' || i || '@' || ${ACCOUNT_DOMAIN}, 'Bell ' || i, 'paid', now() FROM generate_series(1, ${BELL_ACCOUNTS}::int) i
    ON CONFLICT DO NOTHING`;
  await db.$executeRaw`
    INSERT INTO notification (account_id, kind, subject_key, title, body, created_at)
    SELECT a.id, 'mention', 'mention:bench-' || k, 'Someone mentioned you', '', now() - interval '10 days' - k * interval '1 minute'
      FROM account a CROSS JOIN generate_series(1, ${BELL_UNREAD}::int) k
     WHERE a.email LIKE ${`bell%@${ACCOUNT_DOMAIN}`}
    ON CONFLICT DO NOTHING`;
  await db.$executeRawUnsafe("VACUUM ANALYZE saved_filter");
  await db.$executeRawUnsafe("VACUUM ANALYZE notification");
}

/**
 * "Alert me" on every analyst's saved filter, the way follow.ts records it. This and
 * followedFilters are the benchmark's only statements that know where following is stored.
 */
export async function followAll(db: TDb): Promise<number> {
  const n = await db.$executeRaw`
    INSERT INTO saved_filter_member_state (saved_filter_id, account_id, alert_since)
    SELECT f.id, f.account_id, now() - interval '1 day' FROM saved_filter f
     WHERE f.account_id IN (SELECT id FROM account WHERE email LIKE ${`analyst%@${ACCOUNT_DOMAIN}`})
    ON CONFLICT (saved_filter_id, account_id) DO UPDATE SET alert_since = COALESCE(saved_filter_member_state.alert_since, EXCLUDED.alert_since)`;
  await db.$executeRawUnsafe("ANALYZE saved_filter_member_state");
  return n;
}

/**
 * A run's changes through ordinary statements: `inserted` new cards (numbered from `from`) and
 * `updated` distinct existing ones of ids 1..`cards` (a new signal: last_interaction_at,
 * interactions_count, updated_at; one in three moves to the next stage, one in five gets a longer
 * description). Answers each statement's ms. `db` must hold one connection.
 */
export async function changeCards(db: TDb, from: number, inserted: number, updated: number, cards: number) {
  await sectorTable(db);
  let t = performance.now();
  await insertCards(db, from, inserted);
  const insertMs = performance.now() - t;
  const rng = new Rng(Date.now() % 1_000_000);
  const ids = new Set<number>();
  while (ids.size < Math.min(updated, cards)) ids.add(1 + rng.int(cards));
  const draws = [...ids].map(() => rng.next());
  t = performance.now();
  const changed = await db.$executeRaw`
    UPDATE card c SET last_interaction_at = now(), updated_at = now(), interactions_count = c.interactions_count + 1,
           first_interaction_at = COALESCE(c.first_interaction_at, now()),
           stage_id = CASE WHEN u.r < 0.33
             THEN COALESCE((SELECT n.id FROM stage s JOIN stage n ON n.position > s.position WHERE s.id = c.stage_id ORDER BY n.position LIMIT 1), c.stage_id)
             ELSE c.stage_id END,
           description = CASE WHEN u.r > 0.8 THEN c.description || ' Now hiring.' ELSE c.description END
      FROM unnest(${[...ids]}::int[], ${draws}::float8[]) AS u(id, r)
     WHERE c.id = u.id`;
  return { insertMs, updateMs: performance.now() - t, updated: changed };
}

/** Every followed filter: its follower and parameters. */
export async function followedFilters(db: TDb) {
  return db.$queryRaw<{ account_id: number; params: Record<string, unknown> }[]>`
    SELECT m.account_id, f.params FROM saved_filter_member_state m JOIN saved_filter f ON f.id = m.saved_filter_id
     WHERE m.alert_since IS NOT NULL`;
}
