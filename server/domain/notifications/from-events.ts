import type { TDb } from "~/server/db/client";
import type { Prisma } from "~/server/db/generated/prisma/client";
import { releaseEvents, takeEvents, type TEvent } from "../events/log";
import type { TMatchedCards } from "../saved-filters/matcher";

/**
 * Notifications made from the domain events that name them (server/domain/events/log.ts): a
 * saved filter's new matches for a follower (saved_filter.cards_matched, from the saved-filter
 * matcher) and a new radar update (radar.update.created: notified while its connection is
 * tracked). A saved filter's notification leads to its one new card, or to the filter's "Only new"
 * view. A batch's notifications and the release of its events commit together, so a crash
 * gives the events back; the subject key (`saved_filter:<filter>:<event>`, `radar_update:<id>`)
 * keeps any one event from notifying twice.
 */

const BATCH = 5000;
/** How many of the new cards a saved filter's notification names. */
const CARDS_NAMED = 3;

type TTx = Prisma.TransactionClient;

async function savedFilterNotifications(tx: TTx, events: TEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const rows = events.map((e) => {
    const ids = (e.data as TMatchedCards | null)?.card_ids ?? [];
    return { id: String(e.id), account_id: e.account_id, filter_id: e.subject_id, n: ids.length, named: ids.slice(-CARDS_NAMED).reverse() };
  });
  return tx.$executeRaw`
    INSERT INTO notification (account_id, kind, subject_key, saved_filter_id, card_id, url, title, body, data)
    SELECT e.account_id, 'saved_filter', 'saved_filter:' || f.id || ':' || e.id, f.id,
           CASE WHEN e.n = 1 THEN e.named[1] END,
           CASE WHEN e.n = 1 THEN '/cards/' || (SELECT c.slug FROM card c WHERE c.id = e.named[1])
                ELSE '/cards?filter_id=' || f.id || '&only_new=true' END,
           left(f.name, 120) || ': ' || e.n || CASE WHEN e.n = 1 THEN ' new card' ELSE ' new cards' END,
           COALESCE((SELECT string_agg(c.name, ', ' ORDER BY c.id DESC) FROM card c WHERE c.id = ANY (e.named)), '')
             || CASE WHEN e.n > ${CARDS_NAMED} THEN ' and ' || (e.n - ${CARDS_NAMED}) || ' more' ELSE '' END,
           jsonb_build_object('count', e.n, 'card_ids', to_jsonb(e.named))
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS e(id text, account_id int, filter_id int, n int, named int[])
      JOIN saved_filter f ON f.id = e.filter_id
     WHERE e.n > 0
     ORDER BY e.id::bigint
    ON CONFLICT (account_id, subject_key) DO NOTHING`;
}

async function radarNotifications(tx: TTx, events: TEvent[]): Promise<number> {
  const ids = events.flatMap((e) => (e.subject_id === null ? [] : [e.subject_id]));
  if (ids.length === 0) return 0;
  return tx.$executeRaw`
    INSERT INTO notification (account_id, kind, subject_key, radar_update_id, url, title, body)
    SELECT u.account_id, 'radar_update', 'radar_update:' || u.id, u.id,
           '/radar/updates?source=' || u.source || '&connection_id=' || u.connection_id,
           left(COALESCE(c.name, c.username, 'A tracked connection'), 200),
           left(u.description, 1000)
      FROM radar_update u JOIN radar_connection c ON c.id = u.connection_id
     WHERE u.id = ANY (${ids}::int[]) AND c.is_tracking
     ORDER BY u.id
    ON CONFLICT (account_id, subject_key) DO NOTHING`;
}

async function notifyBatch(db: TDb, batch: number): Promise<{ taken: number; notifications: number }> {
  return db.$transaction(
    async (tx) => {
      const events = await takeEvents(tx, "notifications", batch);
      const of = (type: TEvent["type"]) => events.filter((e) => e.type === type);
      const notifications =
        (await savedFilterNotifications(tx, of("saved_filter.cards_matched"))) + (await radarNotifications(tx, of("radar.update.created")));
      await releaseEvents(
        tx,
        "notifications",
        events.map((e) => e.id),
      );
      return { taken: events.length, notifications };
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}

/** Turns every event waiting for the notifications into notifications, in batches. */
export async function notifyFromEvents(db: TDb, opts: { batch?: number } = {}): Promise<{ notifications: number }> {
  const batch = opts.batch ?? BATCH;
  let notifications = 0;
  for (;;) {
    const r = await notifyBatch(db, batch);
    notifications += r.notifications;
    if (r.taken < batch) return { notifications };
  }
}
