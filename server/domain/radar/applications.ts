import type { TDb } from "~/server/db/client";
import { AppError, notFound } from "~/server/lib/errors";
import { assertOwnedIds, uniqueIds } from "./owned";
import { assertRoom, lockAccount } from "./quota";
import { APPLICATION_COLUMNS, applicationPayload, type TApplicationPayload, type TApplicationRow } from "./payloads";
import type { TSource } from "./types";

/**
 * Changes to existing applications (spec state table; docs/radar.md):
 * - tracking on: an `idle` application is queued (`pending`); tracking off: a `pending` one goes
 *   back to `idle` (not queued). `processing` and `failed` keep their state. Applications that have not failed count in the
 *   quota whatever their tracking, so these never change it.
 * - retry: only a `failed` application; it is queued again (`pending`, tracking on, error cleared)
 *   and takes a quota place again (`tracking_limit_reached` when none is free).
 * - delete: any state (a `processing` one is not turned into a connection afterwards).
 * A single unknown id (or another account's, or another source's) is 404; in bulk, a 400.
 */

async function updateTracking(db: Pick<TDb, "$queryRaw">, accountId: number, source: TSource, ids: number[], isTracking: boolean) {
  return isTracking
    ? db.$queryRaw<TApplicationRow[]>`
        UPDATE radar_application a SET is_tracking = true, updated_at = now(),
               init_status = CASE WHEN a.init_status = 'idle' THEN 'pending' ELSE a.init_status END
         WHERE a.id = ANY(${ids}::int[]) AND a.account_id = ${accountId} AND a.source = ${source}
        RETURNING ${APPLICATION_COLUMNS}`
    : db.$queryRaw<TApplicationRow[]>`
        UPDATE radar_application a SET is_tracking = false, updated_at = now(),
               init_status = CASE WHEN a.init_status = 'pending' THEN 'idle' ELSE a.init_status END
         WHERE a.id = ANY(${ids}::int[]) AND a.account_id = ${accountId} AND a.source = ${source}
        RETURNING ${APPLICATION_COLUMNS}`;
}

export async function setApplicationTracking(
  db: TDb,
  accountId: number,
  source: TSource,
  id: number,
  isTracking: boolean,
): Promise<TApplicationPayload> {
  const [row] = await updateTracking(db, accountId, source, [id], isTracking);
  if (!row) throw notFound("Application");
  return applicationPayload(row);
}

export async function bulkApplicationTracking(db: TDb, accountId: number, source: TSource, ids: number[], isTracking: boolean) {
  const wanted = uniqueIds(ids);
  return db.$transaction(async (tx) => {
    await assertOwnedIds(tx, "application", accountId, source, wanted);
    const rows = await updateTracking(tx, accountId, source, wanted, isTracking);
    return { updated: rows.length };
  });
}

export async function retryApplication(db: TDb, accountId: number, source: TSource, id: number): Promise<TApplicationPayload> {
  return db.$transaction(async (tx) => {
    // A failed application holds no quota place: queuing it again takes one (the account locked,
    // so two retries cannot both take the last free place).
    await lockAccount(tx, accountId);
    const [current] = await tx.$queryRaw<{ init_status: string }[]>`
      SELECT init_status FROM radar_application WHERE id = ${id} AND account_id = ${accountId} AND source = ${source}`;
    if (!current) throw notFound("Application");
    if (current.init_status !== "failed") {
      throw new AppError("validation_error", `Only a failed application can be retried; this one is ${current.init_status}.`, {
        details: { init_status: [`is ${current.init_status}, not failed`] },
      });
    }
    await assertRoom(tx, accountId, source, 1);
    const [row] = await tx.$queryRaw<TApplicationRow[]>`
      UPDATE radar_application a
         SET init_status = 'pending', is_tracking = true, radar_error = NULL, lease_until = NULL, updated_at = now()
       WHERE a.id = ${id} AND a.account_id = ${accountId} AND a.source = ${source} AND a.init_status = 'failed'
      RETURNING ${APPLICATION_COLUMNS}`;
    if (!row) throw notFound("Application");
    return applicationPayload(row);
  });
}

export async function deleteApplication(db: TDb, accountId: number, source: TSource, id: number): Promise<{ id: number; deleted: true }> {
  const rows = await db.$queryRaw<{ id: number }[]>`
    DELETE FROM radar_application WHERE id = ${id} AND account_id = ${accountId} AND source = ${source} RETURNING id`;
  if (rows.length === 0) throw notFound("Application");
  return { id, deleted: true };
}

export async function bulkDeleteApplications(db: TDb, accountId: number, source: TSource, ids: number[]) {
  const wanted = uniqueIds(ids);
  return db.$transaction(async (tx) => {
    await assertOwnedIds(tx, "application", accountId, source, wanted);
    const n = await tx.$executeRaw`
      DELETE FROM radar_application WHERE id = ANY(${wanted}::int[]) AND account_id = ${accountId} AND source = ${source}`;
    return { deleted: n };
  });
}
