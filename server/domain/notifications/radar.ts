import type { TDb } from "~/server/db/client";

/**
 * Radar updates of tracked connections as notifications. A trigger on radar_update notes each new
 * update in vm_radar_update_pending; a run takes (deletes) a batch of them and writes their
 * notifications in the same statement, so a crash gives them back and the subject key
 * (`radar_update:<id>`) keeps any one update from notifying twice. An update of a connection no
 * longer tracked notifies nobody.
 */

const BATCH = 5000;

async function radarBatch(db: TDb, batch: number): Promise<{ taken: number; notifications: number }> {
  const [r] = await db.$queryRaw<{ taken: number; notifications: number }[]>`
    WITH taken AS (
      DELETE FROM vm_radar_update_pending WHERE update_id IN (
        SELECT update_id FROM vm_radar_update_pending ORDER BY update_id LIMIT ${batch} FOR UPDATE SKIP LOCKED)
      RETURNING update_id
    ), made AS (
      INSERT INTO notification (account_id, kind, subject_key, radar_update_id, url, title, body)
      SELECT u.account_id, 'radar_update', 'radar_update:' || u.id, u.id,
             '/radar/updates?source=' || u.source || '&connection_id=' || u.connection_id,
             left(COALESCE(c.name, c.username, 'A tracked connection'), 200),
             left(u.description, 1000)
        FROM taken t JOIN radar_update u ON u.id = t.update_id JOIN radar_connection c ON c.id = u.connection_id
       WHERE c.is_tracking
       ORDER BY u.id
      ON CONFLICT (account_id, subject_key) DO NOTHING
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM taken)::int AS taken, (SELECT count(*) FROM made)::int AS notifications`;
  return r ?? { taken: 0, notifications: 0 };
}

/** Notifies every pending radar update, in batches. */
export async function runRadarNotifications(db: TDb, opts: { batch?: number } = {}): Promise<{ notifications: number }> {
  const batch = opts.batch ?? BATCH;
  let notifications = 0;
  for (;;) {
    const r = await radarBatch(db, batch);
    notifications += r.notifications;
    if (r.taken < batch) return { notifications };
  }
}
