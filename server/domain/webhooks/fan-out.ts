import type { TDb } from "~/server/db/client";
import { Prisma } from "~/server/db/generated/prisma/client";
import { iso } from "~/server/lib/format";
import {
  APPLICATION_COLUMNS,
  applicationPayload,
  CONNECTION_COLUMNS,
  connectionPayload,
  type TApplicationRow,
  type TConnectionRow,
} from "../radar/payloads";
import { addLinks, updatePayload, type TUpdatePayload, type TUpdateRow } from "../radar/updates";
import type { TWebhookEvent } from "../events/event-types";
import { newWebhookId } from "./signing";

/**
 * Fan-out of the event outbox (table webhook_event, written by server/domain/events/outbox.ts):
 * `fanOut` turns events into deliveries: in one
 * transaction it takes a batch (FOR UPDATE SKIP LOCKED), builds each event's data in the REST
 * response shape (read now: an object removed meanwhile sends nothing), inserts one delivery per
 * subscribed enabled endpoint of the event's account, and deletes the events. A crash before the
 * commit leaves the events to the next fan-out: nothing is lost.
 */

interface TEventRow {
  id: bigint;
  account_id: number;
  type: TWebhookEvent;
  subject_id: number | null;
  data: unknown;
  created_at: Date;
}

type TTx = Prisma.TransactionClient;

async function updatesById(tx: TTx, ids: number[]): Promise<Map<number, TUpdatePayload>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.$queryRaw<TUpdateRow[]>`
    SELECT u.id, u.description, u.change_type, u.body, u.detected_at,
           c.id AS c_id, c.source AS c_source, c.username AS c_username, c.name AS c_name, c.external_id AS c_external_id
      FROM radar_update u JOIN radar_connection c ON c.id = u.connection_id
     WHERE u.id = ANY(${ids}::int[])`;
  const payloads = rows.map(updatePayload);
  await addLinks(tx, payloads, rows);
  return new Map(payloads.map((p) => [p.id, p]));
}

async function connectionsById(tx: TTx, ids: number[]) {
  if (ids.length === 0) return new Map();
  const rows = await tx.$queryRaw<TConnectionRow[]>`SELECT ${CONNECTION_COLUMNS} FROM radar_connection c WHERE c.id = ANY(${ids}::int[])`;
  return new Map(rows.map((r) => [r.id, connectionPayload(r)]));
}

async function failedApplicationsById(tx: TTx, ids: number[]) {
  if (ids.length === 0) return new Map();
  const rows = await tx.$queryRaw<TApplicationRow[]>`
    SELECT ${APPLICATION_COLUMNS} FROM radar_application a WHERE a.id = ANY(${ids}::int[]) AND a.init_status = 'failed'`;
  return new Map(rows.map((r) => [r.id, applicationPayload(r)]));
}

/** Fans out one batch of events; returns how many events were taken. */
export async function fanOut(db: TDb, batchSize = 500): Promise<{ events: number; deliveries: number }> {
  return db.$transaction(
    async (tx) => {
      const events = await tx.$queryRaw<TEventRow[]>`
        SELECT id, account_id, type, subject_id, data, created_at FROM webhook_event ORDER BY id LIMIT ${batchSize} FOR UPDATE SKIP LOCKED`;
      if (events.length === 0) return { events: 0, deliveries: 0 };
      const subjects = (type: TWebhookEvent) => events.filter((e) => e.type === type && e.subject_id !== null).map((e) => e.subject_id!);
      const [updates, connections, applications] = await Promise.all([
        updatesById(tx, subjects("radar.update.created")),
        connectionsById(tx, subjects("radar.connection.created")),
        failedApplicationsById(tx, subjects("radar.application.failed")),
      ]);
      const accounts = [...new Set(events.map((e) => e.account_id))];
      const endpoints = await tx.$queryRaw<{ id: number; account_id: number; events: string[] }[]>`
        SELECT id, account_id, events FROM webhook_endpoint WHERE enabled AND account_id = ANY(${accounts}::int[])`;
      const rows: { endpoint_id: number; event_type: string; webhook_id: string; body: string }[] = [];
      for (const e of events) {
        const data =
          e.type === "radar.update.created"
            ? updates.get(e.subject_id!)
            : e.type === "radar.connection.created"
              ? connections.get(e.subject_id!)
              : e.type === "radar.application.failed"
                ? applications.get(e.subject_id!)
                : e.data;
        if (data === undefined || data === null) continue;
        const body = JSON.stringify({ type: e.type, timestamp: iso(e.created_at), data });
        for (const ep of endpoints) {
          if (ep.account_id === e.account_id && ep.events.includes(e.type)) {
            rows.push({ endpoint_id: ep.id, event_type: e.type, webhook_id: newWebhookId(), body });
          }
        }
      }
      if (rows.length > 0) {
        await tx.$executeRaw`
          INSERT INTO webhook_delivery (endpoint_id, event_type, webhook_id, body, status, next_attempt_at)
          SELECT x.endpoint_id, x.event_type, x.webhook_id, x.body, 'pending', now()
            FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(endpoint_id int, event_type text, webhook_id text, body text)`;
      }
      await tx.$executeRaw`DELETE FROM webhook_event WHERE id = ANY(${events.map((e) => e.id)}::bigint[])`;
      return { events: events.length, deliveries: rows.length };
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
}
