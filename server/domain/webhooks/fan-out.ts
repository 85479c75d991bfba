import type { TDb } from "~/server/db/client";
import { iso } from "~/server/lib/format";
import { releaseEvents, takeEvents, type TEventData } from "../events/log";
import { newWebhookId } from "./signing";

/**
 * Fan-out of the domain events that name the webhooks (server/domain/events/log.ts): `fanOut`
 * turns them into deliveries. In one transaction it takes a batch, has each event's data built by
 * the domain that produced it (`data`: the radar's and the saved filters' builders, handed over by
 * server/workers.ts; read now, so an object removed meanwhile sends nothing; an event of a type
 * with no builder carries its data itself), inserts one delivery
 * per body and subscribed enabled endpoint of the event's account, and releases the events. A
 * crash before the commit leaves the events to the next fan-out: nothing is lost.
 */

/** Fans out one batch of events; returns how many events were taken. */
export async function fanOut(db: TDb, data: TEventData, batchSize = 500): Promise<{ events: number; deliveries: number }> {
  return db.$transaction(
    async (tx) => {
      const events = await takeEvents(tx, "webhooks", batchSize);
      if (events.length === 0) return { events: 0, deliveries: 0 };
      const types = [...new Set(events.map((e) => e.type))];
      const built = await Promise.all(
        types.map((type) =>
          data[type]?.(
            tx,
            events.filter((e) => e.type === type),
          ),
        ),
      );
      // An event type with no builder carries its data itself.
      const bodiesOf = (e: (typeof events)[number]) =>
        built.find((m) => m?.has(e.id))?.get(e.id) ?? (data[e.type] || e.data === null || e.data === undefined ? [] : [e.data]);
      const accounts = [...new Set(events.map((e) => e.account_id))];
      const endpoints = await tx.$queryRaw<{ id: number; account_id: number; events: string[] }[]>`
        SELECT id, account_id, events FROM webhook_endpoint WHERE enabled AND account_id = ANY(${accounts}::int[])`;
      const rows: { endpoint_id: number; event_type: string; webhook_id: string; body: string }[] = [];
      for (const e of events) {
        const subscribed = endpoints.filter((ep) => ep.account_id === e.account_id && ep.events.includes(e.type));
        if (subscribed.length === 0) continue;
        for (const d of bodiesOf(e)) {
          const body = JSON.stringify({ type: e.type, timestamp: iso(e.created_at), data: d });
          for (const ep of subscribed) rows.push({ endpoint_id: ep.id, event_type: e.type, webhook_id: newWebhookId(), body });
        }
      }
      if (rows.length > 0) {
        await tx.$executeRaw`
          INSERT INTO webhook_delivery (endpoint_id, event_type, webhook_id, body, status, next_attempt_at)
          SELECT x.endpoint_id, x.event_type, x.webhook_id, x.body, 'pending', now()
            FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(endpoint_id int, event_type text, webhook_id text, body text)`;
      }
      await releaseEvents(
        tx,
        "webhooks",
        events.map((e) => e.id),
      );
      return { events: events.length, deliveries: rows.length };
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
}
