import type { TDb } from "~/server/db/client";
import type { Prisma } from "~/server/db/generated/prisma/client";
import { notFound } from "~/server/lib/errors";
import { assertOwnedIds, uniqueIds } from "./owned";
import {
  CONNECTION_COLUMNS,
  connectionDetail,
  connectionPayload,
  type TConnectionDetail,
  type TConnectionPayload,
  type TConnectionRow,
} from "./payloads";
import { assertRoom, lockAccount } from "./quota";
import { storedSnapshot } from "./snapshot";
import type { TSource } from "./types";

/**
 * Connections (processed applications): detail, tracking, disconnect. Connections are never created
 * here, only by the worker. Turning tracking on takes a place in the quota (400
 * tracking_limit_reached when none is free); turning it off or disconnecting frees one. Only
 * tracked connections are refreshed.
 */

export async function getConnection(db: TDb, accountId: number, source: TSource, id: number): Promise<TConnectionDetail> {
  const [row] = await db.$queryRaw<(TConnectionRow & { snapshot: unknown })[]>`
    SELECT ${CONNECTION_COLUMNS}, c.snapshot FROM radar_connection c
     WHERE c.id = ${id} AND c.account_id = ${accountId} AND c.source = ${source}`;
  if (!row) throw notFound("Connection");
  const snapshot = storedSnapshot(row.snapshot);
  if (!snapshot) throw notFound("Connection");
  return connectionDetail(row, snapshot);
}

async function untrackedCount(tx: Prisma.TransactionClient, accountId: number, source: TSource, ids: number[]): Promise<number> {
  const [r] = await tx.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM radar_connection
     WHERE id = ANY(${ids}::int[]) AND account_id = ${accountId} AND source = ${source} AND NOT is_tracking`;
  return r?.n ?? 0;
}

async function updateTracking(tx: Prisma.TransactionClient, accountId: number, source: TSource, ids: number[], isTracking: boolean) {
  // The caller has locked the account first (always before any row lock: no deadlock).
  if (isTracking) await assertRoom(tx, accountId, source, await untrackedCount(tx, accountId, source, ids));
  return tx.$queryRaw<TConnectionRow[]>`
    UPDATE radar_connection c SET is_tracking = ${isTracking}, updated_at = now()
     WHERE c.id = ANY(${ids}::int[]) AND c.account_id = ${accountId} AND c.source = ${source}
    RETURNING ${CONNECTION_COLUMNS}`;
}

export async function setConnectionTracking(
  db: TDb,
  accountId: number,
  source: TSource,
  id: number,
  isTracking: boolean,
): Promise<TConnectionPayload> {
  return db.$transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const [exists] = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM radar_connection WHERE id = ${id} AND account_id = ${accountId} AND source = ${source}`;
    if (!exists) throw notFound("Connection");
    const [row] = await updateTracking(tx, accountId, source, [id], isTracking);
    if (!row) throw notFound("Connection");
    return connectionPayload(row);
  });
}

export async function bulkConnectionTracking(db: TDb, accountId: number, source: TSource, ids: number[], isTracking: boolean) {
  const wanted = uniqueIds(ids);
  return db.$transaction(async (tx) => {
    await lockAccount(tx, accountId);
    await assertOwnedIds(tx, "connection", accountId, source, wanted);
    const rows = await updateTracking(tx, accountId, source, wanted, isTracking);
    return { updated: rows.length };
  });
}

export async function disconnect(db: TDb, accountId: number, source: TSource, id: number): Promise<{ id: number; deleted: true }> {
  const rows = await db.$queryRaw<{ id: number }[]>`
    DELETE FROM radar_connection WHERE id = ${id} AND account_id = ${accountId} AND source = ${source} RETURNING id`;
  if (rows.length === 0) throw notFound("Connection");
  return { id, deleted: true };
}

export async function bulkDisconnect(db: TDb, accountId: number, source: TSource, ids: number[]) {
  const wanted = uniqueIds(ids);
  return db.$transaction(async (tx) => {
    await assertOwnedIds(tx, "connection", accountId, source, wanted);
    const n = await tx.$executeRaw`
      DELETE FROM radar_connection WHERE id = ANY(${wanted}::int[]) AND account_id = ${accountId} AND source = ${source}`;
    return { deleted: n };
  });
}
