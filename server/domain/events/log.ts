import { Prisma } from "~/server/db/generated/prisma/client";
import type { TWebhookEvent } from "./event-types";

/**
 * The domain event log (table domain_event): what happened, written where it happens, for the
 * readers that must hear of it. Each event names its readers in `pending`: "webhooks" (the fan-out,
 * server/domain/webhooks/fan-out.ts, which turns it into deliveries) and "notifications" (the
 * workspace's notifications, server/domain/notifications/from-events.ts). A reader takes its events
 * in id order (`takeEvents`, FOR UPDATE SKIP LOCKED: several processes never take one twice), and
 * gives them up in the same transaction as what it made of them (`releaseEvents`): a crash gives
 * them back. An event no reader is left for is deleted.
 *
 * Producers: the radar (its statements add events in the same statement as the change:
 * `eventInsert`; a new radar update is an event by a trigger, migration 20261206120000), and the
 * saved-filter matcher (server/domain/saved-filters/matcher.ts).
 */

export type TEventReader = "webhooks" | "notifications";

export interface TEvent {
  id: bigint;
  account_id: number;
  type: TWebhookEvent;
  subject_id: number | null;
  data: unknown;
  created_at: Date;
}

type TTx = Prisma.TransactionClient;

/**
 * SQL: an event of `type` for the webhooks, for each row of `source` (a CTE name or subquery
 * exposing `account_id` and `subject_id`) whose account subscribes to it: an account without a
 * subscribed endpoint costs the radar nothing.
 */
export function eventInsert(type: TWebhookEvent, source: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO domain_event (account_id, type, subject_id, pending)
    SELECT s.account_id, ${type}, s.subject_id, ARRAY['webhooks'] FROM ${source} s
     WHERE EXISTS (SELECT 1 FROM webhook_endpoint e WHERE e.account_id = s.account_id AND e.enabled AND ${type} = ANY(e.events))`;
}

/** Up to `limit` events `reader` has not taken yet, oldest first, locked for this transaction. */
export function takeEvents(tx: TTx, reader: TEventReader, limit: number): Promise<TEvent[]> {
  return tx.$queryRaw<TEvent[]>`
    SELECT id, account_id, type, subject_id, data, created_at FROM domain_event
     WHERE ${reader} = ANY (pending) ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
}

/** `reader` is done with these events; the ones no reader is left for are deleted. */
export async function releaseEvents(tx: TTx, reader: TEventReader, ids: bigint[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.$executeRaw`UPDATE domain_event SET pending = array_remove(pending, ${reader}) WHERE id = ANY (${ids}::bigint[])`;
  await tx.$executeRaw`DELETE FROM domain_event WHERE id = ANY (${ids}::bigint[]) AND cardinality(pending) = 0`;
}

/**
 * What a reader needs of events of one type: for each event, the bodies it stands for (the data
 * of its deliveries, in the shape of the REST responses; none when its subject is gone). A
 * producing domain supplies it (radar/event-data.ts, saved-filters/event-data.ts); the webhooks
 * are handed the builders (server/workers.ts), and never read another domain's tables themselves.
 */
type TEventDataBuilder = (tx: TTx, events: TEvent[]) => Promise<Map<bigint, unknown[]>>;
export type TEventData = Partial<Record<TWebhookEvent, TEventDataBuilder>>;
