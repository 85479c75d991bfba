import type { TDb } from "~/server/db/client";
import { Prisma } from "~/server/db/generated/prisma/client";
import { logger } from "~/server/lib/logger";
import { LEASE_MS, whileLeased, type TLeaseTiming } from "../jobs/lease";
import { eventInsert } from "../events/log";
import { configuredConnector, ConnectorError, type TConnector, type TConnectorResult, type TResolveRequest } from "./connectors";
import { connectionColumns } from "./payloads";
import type { TIdentifierKind, TSnapshot, TSource } from "./types";
import { plural } from "~/server/lib/plural";

/**
 * The durable processing queue: the queue is radar_application itself (docs/radar.md).
 *
 * A worker claims a batch of `pending` applications, and `processing` ones whose lease expired
 * (their worker crashed), with FOR UPDATE SKIP LOCKED: two workers never take the same row. The
 * claim moves them to `processing`, sets lease_until and counts the attempt; the attempt number is
 * the claim's token, so a worker whose lease was taken over cannot write its result. The worker
 * renews the lease while it works on the batch (server/domain/jobs/lease.ts), so a crashed
 * worker's applications are claimed again within LEASE_MS (20 s), whatever a batch takes. The batch is
 * resolved through the connector (set-based), then in one statement each success becomes a
 * connection with the application's id (plus its first snapshot) and the application row is
 * removed; failures become `failed` with radar_error {code, message, attempts, failed_at} and stay
 * so until a retry is requested. Both statements also write the webhook event of the change
 * (radar.connection.created, radar.application.failed) to the event log when the account has a
 * subscribed endpoint (server/domain/events/log.ts). An application deleted meanwhile is simply not connected.
 */

export interface TProcessOptions extends TLeaseTiming {
  batchSize?: number;
  connector?: TConnector;
}

export interface TProcessResult {
  claimed: number;
  connected: number;
  failed: number;
}

/** A row claimed more often than this (it crashed its worker each time) fails for good. */
const MAX_ATTEMPTS = 5;
const DEFAULT_BATCH = 500;

interface TClaimed {
  id: number;
  account_id: number;
  source: TSource;
  identifier_kind: TIdentifierKind;
  identifier: string;
  attempts: number;
}

interface TFailure {
  id: number;
  attempts: number;
  code: string;
  message: string;
}

async function claim(db: TDb, batchSize: number, leaseMs: number): Promise<TClaimed[]> {
  const leaseUntil = new Date(Date.now() + leaseMs);
  return db.$queryRaw<TClaimed[]>`
    UPDATE radar_application a
       SET init_status = 'processing', lease_until = ${leaseUntil}, attempts = a.attempts + 1, updated_at = now()
     WHERE a.id IN (
       SELECT id FROM radar_application
        WHERE init_status = 'pending' OR (init_status = 'processing' AND lease_until < now())
        ORDER BY id
        LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED)
    RETURNING a.id, a.account_id, a.source, a.identifier_kind, a.identifier, a.attempts`;
}

/** Extends the lease of the applications still held by this claim. */
async function renew(db: TDb, rows: TClaimed[], leaseUntil: Date): Promise<void> {
  const held = JSON.stringify(rows.map((r) => ({ id: r.id, attempts: r.attempts })));
  await db.$executeRaw`
    UPDATE radar_application a SET lease_until = ${leaseUntil}
      FROM jsonb_to_recordset(${held}::jsonb) AS x(id int, attempts int)
     WHERE a.id = x.id AND a.attempts = x.attempts AND a.init_status = 'processing'`;
}

async function resolveAll(connector: TConnector, rows: TClaimed[]): Promise<Map<number, TConnectorResult>> {
  const results = new Map<number, TConnectorResult>();
  for (const source of ["network_a", "network_b"] as const) {
    const requests: TResolveRequest[] = rows
      .filter((r) => r.source === source)
      .map((r) => ({ ref: r.id, kind: r.identifier_kind, identifier: r.identifier }));
    if (requests.length === 0) continue;
    try {
      for (const [ref, result] of await connector.resolve(source, requests)) results.set(ref, result);
    } catch (err) {
      const known = err instanceof ConnectorError;
      if (!known) logger.error("radar connector failed", { connector: connector.name, source, error: err });
      const failure: TConnectorResult = known
        ? { ok: false, code: err.code, message: err.message }
        : { ok: false, code: "connector_error", message: "The connector failed unexpectedly; the error has been logged." };
      for (const r of requests) results.set(r.ref, failure);
    }
  }
  return results;
}

/** Successes become connections; returns the ids that did (others are owned but already connected). */
async function connect(db: TDb, done: { row: TClaimed; snapshot: TSnapshot }[]): Promise<{ owned: number[]; connected: Set<number> }> {
  if (done.length === 0) return { owned: [], connected: new Set() };
  const json = JSON.stringify(
    done.map(({ row, snapshot }) => ({
      id: row.id,
      attempts: row.attempts,
      external_id: snapshot.external_id,
      ...connectionColumns(snapshot),
      snapshot,
    })),
  );
  const rows = await db.$queryRaw<{ id: number; connected: boolean }[]>`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${json}::jsonb)
        AS x(id int, attempts int, external_id text, username text, name text, company text, snapshot jsonb)
    ), owned AS (
      SELECT a.id, a.account_id, a.source, a.is_tracking
        FROM radar_application a JOIN input i ON i.id = a.id AND a.attempts = i.attempts
       WHERE a.init_status = 'processing'
         FOR UPDATE OF a
    ), conn AS (
      INSERT INTO radar_connection (id, account_id, source, external_id, username, name, company, is_tracking, snapshot,
                                    last_refreshed_at, created_at, updated_at)
      SELECT o.id, o.account_id, o.source, i.external_id, i.username, i.name, i.company, o.is_tracking, i.snapshot, now(), now(), now()
        FROM owned o JOIN input i ON i.id = o.id
      ON CONFLICT (account_id, source, external_id) DO NOTHING
      RETURNING id
    ), snap AS (
      INSERT INTO radar_snapshot (connection_id, data, taken_at) SELECT i.id, i.snapshot, now() FROM input i JOIN conn ON conn.id = i.id
    ), del AS (
      DELETE FROM radar_application a USING conn WHERE a.id = conn.id RETURNING a.id
    ), event AS (${eventInsert("radar.connection.created", Prisma.sql`(SELECT o.account_id, conn.id AS subject_id FROM conn JOIN owned o ON o.id = conn.id)`)}
    )
    SELECT o.id, EXISTS (SELECT 1 FROM del WHERE del.id = o.id) AS connected FROM owned o`;
  return { owned: rows.map((r) => r.id), connected: new Set(rows.filter((r) => r.connected).map((r) => r.id)) };
}

async function fail(db: TDb, failures: TFailure[]): Promise<number> {
  if (failures.length === 0) return 0;
  const json = JSON.stringify(failures);
  const [r] = await db.$queryRaw<{ n: number }[]>`
    WITH failed AS (
      UPDATE radar_application a
         SET init_status = 'failed', lease_until = NULL, updated_at = now(),
             radar_error = jsonb_build_object('code', x.code, 'message', x.message, 'attempts', a.attempts, 'failed_at', ${new Date().toISOString()}::text)
        FROM jsonb_to_recordset(${json}::jsonb) AS x(id int, attempts int, code text, message text)
       WHERE a.id = x.id AND a.attempts = x.attempts AND a.init_status = 'processing'
      RETURNING a.id, a.account_id
    ), event AS (${eventInsert("radar.application.failed", Prisma.sql`(SELECT account_id, id AS subject_id FROM failed)`)}
    )
    SELECT count(*)::int AS n FROM failed`;
  return r?.n ?? 0;
}

/** Claims and processes one batch. */
export async function processBatch(db: TDb, opts: TProcessOptions = {}): Promise<TProcessResult> {
  const rows = await claim(db, opts.batchSize ?? DEFAULT_BATCH, opts.leaseMs ?? LEASE_MS);
  if (rows.length === 0) return { claimed: 0, connected: 0, failed: 0 };
  return whileLeased(
    "radar-applications",
    (until) => renew(db, rows, until),
    opts,
    () => processClaimed(db, rows, opts),
  );
}

async function processClaimed(db: TDb, rows: TClaimed[], opts: TProcessOptions): Promise<TProcessResult> {
  const failures: TFailure[] = [];
  const live = rows.filter((r) => {
    if (r.attempts <= MAX_ATTEMPTS) return true;
    failures.push({
      id: r.id,
      attempts: r.attempts,
      code: "too_many_attempts",
      message: `Processing was interrupted ${plural(r.attempts - 1, "time")}.`,
    });
    return false;
  });
  const results = await resolveAll(opts.connector ?? configuredConnector(db), live);
  const done: { row: TClaimed; snapshot: TSnapshot }[] = [];
  for (const row of live) {
    const result = results.get(row.id) ?? { ok: false, code: "connector_error", message: "The connector gave no result." };
    if (result.ok) done.push({ row, snapshot: result.snapshot });
    else failures.push({ id: row.id, attempts: row.attempts, code: result.code, message: result.message });
  }
  const { owned, connected } = await connect(db, done);
  const ownedIds = new Set(owned);
  for (const { row, snapshot } of done) {
    if (ownedIds.has(row.id) && !connected.has(row.id)) {
      failures.push({
        id: row.id,
        attempts: row.attempts,
        code: "already_connected",
        message: `This ${row.source} profile (id ${snapshot.external_id}) is already one of your connections.`,
      });
    }
  }
  const failed = await fail(db, failures);
  return { claimed: rows.length, connected: connected.size, failed };
}

/** Processes batches until nothing is left to claim (`vmon radar process`, tests, benchmark). */
export async function drainApplications(
  db: TDb,
  opts: TProcessOptions & { onBatch?: (total: TProcessResult) => void } = {},
): Promise<TProcessResult> {
  const total: TProcessResult = { claimed: 0, connected: 0, failed: 0 };
  for (;;) {
    const r = await processBatch(db, opts);
    if (r.claimed === 0) return total;
    total.claimed += r.claimed;
    total.connected += r.connected;
    total.failed += r.failed;
    opts.onBatch?.(total);
  }
}
