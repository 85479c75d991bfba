import type { TDb } from "~/server/db/client";
import { notFound } from "~/server/lib/errors";
import { iso, isoOrNull } from "~/server/lib/format";
import { ownEndpoint } from "./endpoints";
import { mayReadEvent, type THeldScopes, type TWebhookEvent } from "../events/event-types";
import { enqueueDeliveries, eventBody } from "./queue";

/**
 * The delivery log of an endpoint (GET /v1/webhooks/<id>/deliveries/), the test event (ping) and
 * redelivery. A redelivery is a new delivery of the same body with the same webhook-id (receivers
 * that deduplicate on it see the same message), queued at once. Each needs the read scope of every
 * event the endpoint is subscribed to (endpoints.ts), and a delivery's body is answered only to a
 * caller holding the read scope of its own event (event-types.ts): the log also holds deliveries of
 * events the endpoint carried before its subscriptions changed (body null for those).
 */

export const DELIVERY_STATUSES = ["pending", "delivering", "succeeded", "failed"] as const;
export type TDeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface TDelivery {
  id: number;
  event: TWebhookEvent;
  webhook_id: string;
  status: TDeliveryStatus;
  attempts: number;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
  duration_ms: number | null;
  created_at: string;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  request: { headers: Record<string, string> | null; body: unknown };
}

interface TDeliveryRow {
  id: bigint;
  eventType: string;
  webhookId: string;
  body: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  responseBody: string | null;
  lastError: string | null;
  durationMs: number | null;
  requestHeaders: unknown;
  createdAt: Date;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
}

function parsed(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

const deliveryPayload = (r: TDeliveryRow, held: THeldScopes): TDelivery => ({
  id: Number(r.id),
  event: r.eventType as TWebhookEvent,
  webhook_id: r.webhookId,
  status: r.status as TDeliveryStatus,
  attempts: r.attempts,
  response_status: r.responseStatus,
  response_body: r.responseBody,
  error: r.lastError,
  duration_ms: r.durationMs,
  created_at: iso(r.createdAt),
  last_attempt_at: isoOrNull(r.lastAttemptAt),
  next_attempt_at: r.status === "pending" ? isoOrNull(r.nextAttemptAt) : null,
  delivered_at: isoOrNull(r.deliveredAt),
  request: {
    headers: (r.requestHeaders as Record<string, string> | null) ?? null,
    body: mayReadEvent(r.eventType as TWebhookEvent, held) ? parsed(r.body) : null,
  },
});

export async function listDeliveries(
  db: TDb,
  accountId: number,
  endpointId: number,
  q: { limit: number; offset: number; includeTotal: boolean; status?: TDeliveryStatus; event?: TWebhookEvent; held: THeldScopes },
): Promise<{ data: TDelivery[]; total: number | null; fetched: number }> {
  const endpoint = await ownEndpoint(db, accountId, endpointId, q.held);
  const where = { endpointId: endpoint.id, ...(q.status ? { status: q.status } : {}), ...(q.event ? { eventType: q.event } : {}) };
  const [rows, total] = await Promise.all([
    db.webhookDelivery.findMany({ where, orderBy: { id: "desc" }, skip: q.offset, take: q.includeTotal ? q.limit : q.limit + 1 }),
    q.includeTotal ? db.webhookDelivery.count({ where }) : Promise.resolve(null),
  ]);
  return { data: rows.slice(0, q.limit).map((r) => deliveryPayload(r, q.held)), total, fetched: rows.length };
}

async function deliveryById(db: TDb, id: bigint, held: THeldScopes) {
  const row = await db.webhookDelivery.findUnique({ where: { id } });
  if (!row) throw new Error(`delivery ${id} vanished`);
  return deliveryPayload(row, held);
}

/** Queues a ping to the endpoint (enabled or not: a disabled endpoint's ping waits like the rest). */
export async function sendTest(db: TDb, accountId: number, endpointId: number, held: THeldScopes): Promise<TDelivery> {
  const endpoint = await ownEndpoint(db, accountId, endpointId, held);
  const body = eventBody("ping", { endpoint_id: endpoint.id, message: "This is a test event from Venture Monitor." });
  const [id] = await enqueueDeliveries(db, [endpoint.id], "ping", body);
  return deliveryById(db, id!, "all");
}

export async function redeliver(db: TDb, accountId: number, endpointId: number, deliveryId: number, held: THeldScopes): Promise<TDelivery> {
  const endpoint = await ownEndpoint(db, accountId, endpointId, held);
  const original = await db.webhookDelivery.findFirst({ where: { id: BigInt(deliveryId), endpointId: endpoint.id } });
  if (!original) throw notFound("Delivery");
  const [row] = await db.$queryRaw<{ id: bigint }[]>`
    INSERT INTO webhook_delivery (endpoint_id, event_type, webhook_id, body, status, next_attempt_at)
    VALUES (${endpoint.id}, ${original.eventType}, ${original.webhookId}, ${original.body}, 'pending', now())
    RETURNING id`;
  return deliveryById(db, row!.id, held);
}
