import type { TDb } from "../../db/client";
import { Prisma } from "../../db/generated/prisma/client";
import { logger } from "../../lib/logger";
import { outboxInsert } from "../webhooks/outbox";
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
 * A batch is claimed by moving last_refreshed_at to now() (FOR UPDATE SKIP LOCKED: concurrent
 * refreshers take different rows, and a claimed row is not due again until the next interval).
 * The current snapshots come from the connector by external id, set-based. A snapshot equal to the
 * previous one changes nothing; a different one is stored (connection + radar_snapshot row), and
 * when a tracked field changed (diff.ts) an update is recorded, all in one statement (with its
 * radar.update.created webhook event in the outbox, when the account subscribes to it).
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
}

/** Scheduled refresh period of a tracked connection. */
export const REFRESH_INTERVAL_MS = 6 * 60 * 60 * 1000;
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
    UPDATE radar_connection c SET last_refreshed_at = now()
     WHERE c.id IN (
       SELECT id FROM radar_connection
        WHERE is_tracking AND (last_refreshed_at IS NULL OR last_refreshed_at < ${cutoff})
        ORDER BY last_refreshed_at NULLS FIRST, id
        LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED)
    RETURNING c.id, c.source, c.external_id, c.snapshot`;
}

async function fetchAll(connector: TConnector, rows: TDueRow[]): Promise<Map<string, TConnectorResult>> {
  const results = new Map<string, TConnectorResult>();
  for (const source of ["network_a", "network_b"] as const) {
    const ids = [...new Set(rows.filter((r) => r.source === source).map((r) => r.external_id))];
    if (ids.length === 0) continue;
    try {
      for (const [id, result] of await connector.fetch(source, ids)) results.set(`${source}:${id}`, result);
    } catch (err) {
      logger.warn("radar refresh: connector failed", { connector: connector.name, source, error: err });
    }
  }
  return results;
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
    ), event AS (${outboxInsert("radar.update.created", Prisma.sql`(SELECT account_id, id AS subject_id FROM ins)`)}
    )
    SELECT (SELECT count(*) FROM upd)::int AS changed, (SELECT count(*) FROM ins)::int AS updates`;
  return r ?? { changed: 0, updates: 0 };
}

/** Refreshes one claimed batch; `claimed` 0 means nothing was due. */
export async function refreshBatch(db: TDb, cutoff: Date, opts: TRefreshOptions = {}): Promise<TRefreshResult & { claimed: number }> {
  const rows = await claimDue(db, cutoff, opts.batchSize ?? DEFAULT_BATCH);
  if (rows.length === 0) return { claimed: 0, refreshed: 0, changed: 0, updates: 0, skipped: 0 };
  const results = await fetchAll(opts.connector ?? configuredConnector(db), rows);
  const changed: TChanged[] = [];
  let skipped = 0;
  for (const row of rows) {
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
  return { claimed: rows.length, refreshed: rows.length - skipped, skipped, ...stored };
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
  const total: TRefreshResult = { refreshed: 0, changed: 0, updates: 0, skipped: 0 };
  for (;;) {
    const r = await refreshBatch(db, cutoff, opts);
    if (r.claimed === 0) return total;
    total.refreshed += r.refreshed;
    total.changed += r.changed;
    total.updates += r.updates;
    total.skipped += r.skipped;
    opts.onBatch?.(total);
  }
}
