import type { TDb } from "~/server/db/client";
import { Prisma } from "~/server/db/generated/prisma/client";
import type { TWebhookEvent } from "./event-types";

/**
 * The event outbox (table webhook_event), written where things happen and read by the webhook
 * fan-out (server/domain/webhooks/fan-out.ts). The radar writes an event row in the same statement
 * as the change (`outboxInsert`), only when the account has an enabled endpoint for that event, so
 * the radar pays nothing for accounts without webhooks. Events whose data is built at once (saved
 * filter matches) are recorded with `recordEvent`.
 */

type TTx = Prisma.TransactionClient;

/**
 * SQL: `INSERT INTO webhook_event` for the rows of `source` (a CTE name or subquery exposing
 * `account_id` and `subject_id`), when the account subscribes to `type`.
 */
export function outboxInsert(type: TWebhookEvent, source: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO webhook_event (account_id, type, subject_id)
    SELECT s.account_id, ${type}, s.subject_id FROM ${source} s
     WHERE EXISTS (SELECT 1 FROM webhook_endpoint e WHERE e.account_id = s.account_id AND e.enabled AND ${type} = ANY(e.events))`;
}

/** Records an event whose data is built now (saved-filter matches), for the fan-out to deliver. */
export async function recordEvent(db: TDb | TTx, accountId: number, type: TWebhookEvent, data: unknown): Promise<void> {
  await db.$executeRaw`INSERT INTO webhook_event (account_id, type, data) VALUES (${accountId}, ${type}, ${JSON.stringify(data)}::jsonb)`;
}
