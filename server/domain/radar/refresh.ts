import type { TDb } from "~/server/db/client";
import { logger } from "~/server/lib/logger";
import { configuredConnector, type TConnector, type TConnectorResult } from "./connectors";
import { detectChange, type TDetectedChange } from "./diff";
import { connectionColumns } from "./payloads";
import { sameSnapshot, storedSnapshot } from "./snapshot";
import type { TSnapshot, TSource } from "./types";

/**
 * Refresh of tracked connections (docs/radar.md): the worker's schedule refreshes those not
 * refreshed for `intervalMs`; `vmon radar refresh` refreshes all of them once. Untracked
 * connections are never refreshed.
 *
 * A connection is due when it was last refreshed before the cutoff, or, after a failed refresh,
 * when its retry time has come. A batch is claimed by setting that retry time to now() + the claim
 * lease (FOR UPDATE SKIP LOCKED: concurrent refreshers take different rows; a refresher that dies
 * leaves its rows due again after the lease). A refresh that got an answer for a row (a snapshot,
 * or "no such profile") moves last_refreshed_at to now() and clears the retry state. When the
 * connector fails for a whole call (service down, timeout, garbage answer), the rows it was asked
 * for keep their last_refreshed_at and are retried after 1 min, 5 min, 30 min, then every 2 h
 * (refresh_failures counts the failures in a row), instead of waiting for the next 6-hour cycle.
 * The current snapshots come from the connector by external id, set-based. A snapshot equal to the
 * previous one changes nothing; a different one is stored (connection + radar_snapshot row), and
 * when a tracked field changed (diff.ts) an update is recorded, all in one statement (a trigger
 * writes its radar.update.created event: server/domain/events/log.ts).
 */

export interface TRefreshOptions {
  batchSize?: number;
  connector?: TConnector;
}

export interface TRefreshResult {
  refreshed: number;
  changed: number;
  updates: number;
  /** Profiles the connector no longer finds, or could not fetch: left as they were. */
  skipped: number;
  /** Of the skipped, those whose connector call failed: retried with backoff (REFRESH_RETRY_DELAYS_MS). */
  failed: number;
}

/** Scheduled refresh period of a tracked connection. */
export const REFRESH_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** Waits before retrying a failed refresh, by failures in a row (the last repeats; below the 6-hour cycle). */
export const REFRESH_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
/** A claimed row is due again after this long if its refresher never reports back. */
const CLAIM_LEASE_MS = 15 * 60_000;
const DEFAULT_BATCH = 500;

interface TDueRow {
  id: number;
  source: TSource;
  external_id: string;
  snapshot: unknown;
}

interface TChanged {
  id: number;
  snapshot: TSnapshot;
  change: TDetectedChange | null;
}

async function claimDue(db: TDb, cutoff: Date, batchSize: number): Promise<TDueRow[]> {
  return db.$queryRaw<TDueRow[]>`
    UPDATE radar_connection c SET refresh_retry_at = now() + make_interval(secs => ${CLAIM_LEASE_MS / 1000}::float8)
     WHERE c.id IN (
       SELECT id FROM radar_connection
        WHERE is_tracking AND CASE WHEN refresh_retry_at IS NULL THEN last_refreshed_at IS NULL OR last_refreshed_at < ${cutoff}
                                   ELSE refresh_retry_at <= now() END
        ORDER BY last_refreshed_at NULLS FIRST, id
        LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED)
    RETURNING c.id, c.source, c.external_id, c.snapshot`;
}

/** The connector's answers by "source:external id", and the sources whose call failed as a whole. */
async function fetchAll(connector: TConnector, rows: TDueRow[]): Promise<{ results: Map<string, TConnectorResult>; failed: Set<TSource> }> {
  const results = new Map<string, TConnectorResult>();
  const failed = new Set<TSource>();
  for (const source of ["network_a", "network_b"] as const) {
    const ids = [...new Set(rows.filter((r) => r.source === source).map((r) => r.external_id))];
    if (ids.length === 0) continue;
    try {
      for (const [id, result] of await connector.fetch(source, ids)) results.set(`${source}:${id}`, result);
    } catch (err) {
      failed.add(source);
      logger.warn("radar refresh: connector failed", { connector: connector.name, source, error: err });
    }
  }
  return { results, failed };
}

/**
 * The claimed rows' outcome: answered ones are refreshed now (their retry state cleared), the
 * others wait for their next retry (REFRESH_RETRY_DELAYS_MS by failures in a row).
 */
async function recordOutcome(db: TDb, answered: number[], failed: number[]): Promise<void> {
  if (answered.length > 0) {
    await db.$executeRaw`
      UPDATE radar_connection SET last_refreshed_at = now(), refresh_failures = 0, refresh_retry_at = NULL
       WHERE id = ANY(${answered}::int[])`;
  }
  if (failed.length > 0) {
    const delays = REFRESH_RETRY_DELAYS_MS.map((ms) => ms / 1000);
    await db.$executeRaw`
      UPDATE radar_connection
         SET refresh_failures = refresh_failures + 1,
             refresh_retry_at = now() + make_interval(secs => (${delays}::float8[])[LEAST(refresh_failures + 1, ${delays.length}::int)])
       WHERE id = ANY(${failed}::int[])`;
  }
}

async function store(db: TDb, changed: TChanged[]): Promise<{ changed: number; updates: number }> {
  if (changed.length === 0) return { changed: 0, updates: 0 };
  const json = JSON.stringify(
    changed.map((c) => ({
      id: c.id,
      ...connectionColumns(c.snapshot),
      snapshot: c.snapshot,
      change_type: c.change?.change_type ?? null,
      description: c.change?.description ?? null,
      body: c.change?.body ?? null,
    })),
  );
  const [r] = await db.$queryRaw<{ changed: number; updates: number }[]>`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${json}::jsonb)
        AS x(id int, username text, name text, company text, snapshot jsonb, change_type text, description text, body jsonb)
    ), upd AS (
      UPDATE radar_connection c
         SET snapshot = i.snapshot, username = i.username, name = i.name, company = i.company, updated_at = now()
        FROM input i WHERE c.id = i.id
      RETURNING c.id, c.account_id, c.source
    ), snap AS (
      INSERT INTO radar_snapshot (connection_id, data, taken_at) SELECT i.id, i.snapshot, now() FROM input i JOIN upd ON upd.id = i.id
    ), ins AS (
      INSERT INTO radar_update (account_id, connection_id, source, change_type, description, body, detected_at)
      SELECT upd.account_id, upd.id, upd.source, i.change_type, i.description, i.body, now()
        FROM input i JOIN upd ON upd.id = i.id WHERE i.description IS NOT NULL
      RETURNING id, account_id
    )
    SELECT (SELECT count(*) FROM upd)::int AS changed, (SELECT count(*) FROM ins)::int AS updates`;
  return r ?? { changed: 0, updates: 0 };
}

/** Refreshes one claimed batch; `claimed` 0 means nothing was due. */
export async function refreshBatch(db: TDb, cutoff: Date, opts: TRefreshOptions = {}): Promise<TRefreshResult & { claimed: number }> {
  const rows = await claimDue(db, cutoff, opts.batchSize ?? DEFAULT_BATCH);
  if (rows.length === 0) return { claimed: 0, refreshed: 0, changed: 0, updates: 0, skipped: 0, failed: 0 };
  const { results, failed } = await fetchAll(opts.connector ?? configuredConnector(db), rows);
  const changed: TChanged[] = [];
  let skipped = 0;
  for (const row of rows) {
    if (failed.has(row.source)) {
      skipped += 1;
      continue;
    }
    const result = results.get(`${row.source}:${row.external_id}`);
    if (!result?.ok || result.snapshot.source !== row.source) {
      skipped += 1;
      continue;
    }
    const previous = storedSnapshot(row.snapshot);
    if (sameSnapshot(previous, result.snapshot)) continue;
    changed.push({ id: row.id, snapshot: result.snapshot, change: detectChange(previous, result.snapshot) });
  }
  const stored = await store(db, changed);
  await recordOutcome(
    db,
    rows.filter((r) => !failed.has(r.source)).map((r) => r.id),
    rows.filter((r) => failed.has(r.source)).map((r) => r.id),
  );
  return {
    claimed: rows.length,
    refreshed: rows.length - skipped,
    skipped,
    failed: rows.filter((r) => failed.has(r.source)).length,
    ...stored,
  };
}

async function dbNow(db: TDb, minusMs = 0): Promise<Date> {
  const [r] = await db.$queryRaw<{ t: Date }[]>`SELECT now() - make_interval(secs => ${minusMs / 1000}::float8) AS t`;
  return r!.t;
}

/**
 * Refreshes every tracked connection last refreshed more than `olderThanMs` ago (0: all of them,
 * once: rows refreshed by this run are not taken again).
 */
export async function refreshDue(
  db: TDb,
  opts: TRefreshOptions & { olderThanMs?: number; onBatch?: (total: TRefreshResult) => void } = {},
): Promise<TRefreshResult> {
  const cutoff = await dbNow(db, opts.olderThanMs ?? 0);
  const total: TRefreshResult = { refreshed: 0, changed: 0, updates: 0, skipped: 0, failed: 0 };
  for (;;) {
    const r = await refreshBatch(db, cutoff, opts);
    if (r.claimed === 0) return total;
    total.refreshed += r.refreshed;
    total.changed += r.changed;
    total.updates += r.updates;
    total.skipped += r.skipped;
    total.failed += r.failed;
    opts.onBatch?.(total);
  }
}
