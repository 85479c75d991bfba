import type { TDb } from "~/server/db/client";
import { setFilterAlert } from "../notifications/follow";
import { notifyFromEvents } from "../notifications/from-events";
import { notify } from "../notifications/notify";
import { filterSignature } from "../saved-filters/matcher";
import { plural } from "~/server/lib/plural";

/**
 * The demo account's notifications, after its workspace and radar are seeded: it follows its first
 * saved filter ("Alert me"), whose newest cards make one alert, and its two latest radar updates
 * are notified (the older ones of the seed are not, as if they had been read long ago). All
 * unread, so the bell shows a number at first sight. Answers how many notifications it made.
 */
export async function seedDemoNotifications(db: TDb, email: string): Promise<number> {
  const { id: accountId } = await db.account.findUniqueOrThrow({ where: { email }, select: { id: true } });
  await db.$executeRaw`
    DELETE FROM domain_event
     WHERE type = 'radar.update.created' AND account_id = ${accountId}
       AND subject_id IN (SELECT id FROM radar_update WHERE account_id = ${accountId} ORDER BY detected_at DESC, id DESC OFFSET 2)`;
  const made = (await notifyFromEvents(db)).notifications;

  const filter = await db.savedFilter.findFirst({
    where: { accountId },
    orderBy: { id: "asc" },
    select: { id: true, name: true, params: true },
  });
  if (!filter) return made;
  await setFilterAlert(db, accountId, filter.id, true);
  const stages = ((filter.params ?? {}) as { stages?: string[] }).stages ?? [];
  const cards = await db.card.findMany({
    where: stages.length ? { stage: { slug: { in: stages } } } : {},
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 5,
    select: { id: true, name: true },
  });
  if (cards.length === 0) return made;
  // Recorded as notified for the filter, as an alert run would have.
  const signature = filterSignature(accountId, (filter.params ?? {}) as Record<string, unknown>);
  await db.$executeRaw`
    INSERT INTO vm_saved_filter_alert_seen (signature, card_id)
    SELECT ${signature}, x FROM unnest(${cards.map((c) => c.id)}::int[]) AS x ON CONFLICT DO NOTHING`;
  const names = cards.slice(0, 3).map((c) => c.name);
  const more = cards.length > 3 ? ` and ${cards.length - 3} more` : "";
  const id = await notify(db, accountId, {
    kind: "saved_filter",
    subjectKey: `saved_filter:${filter.id}:demo`,
    savedFilterId: filter.id,
    url: `/cards?filter_id=${filter.id}&only_new=true`,
    title: `${filter.name}: ${plural(cards.length, "new card")}`,
    body: `${names.join(", ")}${more}`,
    data: { count: cards.length, card_ids: cards.slice(0, 3).map((c) => c.id) },
  });
  return made + (id === null ? 0 : 1);
}
