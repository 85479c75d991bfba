import type { Prisma } from "~/server/db/generated/prisma/client";
import type { TEvent, TEventData } from "../events/log";
import {
  APPLICATION_COLUMNS,
  applicationPayload,
  CONNECTION_COLUMNS,
  connectionPayload,
  type TApplicationRow,
  type TConnectionRow,
} from "./payloads";
import { addLinks, updatePayload, type TUpdateRow } from "./updates";

/**
 * The data of the radar's events (server/domain/events/log.ts), read when they are delivered and
 * in the shape of the REST responses: an update, connection or failed application removed
 * meanwhile sends nothing.
 */

type TTx = Prisma.TransactionClient;

const subjects = (events: TEvent[]) => events.flatMap((e) => (e.subject_id === null ? [] : [e.subject_id]));

/** Each event's one body, by the subject's id. */
function bySubject<T extends { id: number }>(events: TEvent[], payloads: T[]): Map<bigint, unknown[]> {
  const byId = new Map(payloads.map((p) => [p.id, p]));
  const out = new Map<bigint, unknown[]>();
  for (const e of events) {
    const p = e.subject_id === null ? undefined : byId.get(e.subject_id);
    out.set(e.id, p ? [p] : []);
  }
  return out;
}

async function updates(tx: TTx, events: TEvent[]) {
  const rows = await tx.$queryRaw<TUpdateRow[]>`
    SELECT u.id, u.description, u.change_type, u.body, u.detected_at,
           c.id AS c_id, c.source AS c_source, c.username AS c_username, c.name AS c_name, c.external_id AS c_external_id
      FROM radar_update u JOIN radar_connection c ON c.id = u.connection_id
     WHERE u.id = ANY(${subjects(events)}::int[])`;
  const payloads = rows.map(updatePayload);
  await addLinks(tx, payloads, rows);
  return bySubject(events, payloads);
}

async function connections(tx: TTx, events: TEvent[]) {
  const rows = await tx.$queryRaw<TConnectionRow[]>`
    SELECT ${CONNECTION_COLUMNS} FROM radar_connection c WHERE c.id = ANY(${subjects(events)}::int[])`;
  return bySubject(events, rows.map(connectionPayload));
}

async function failedApplications(tx: TTx, events: TEvent[]) {
  const rows = await tx.$queryRaw<TApplicationRow[]>`
    SELECT ${APPLICATION_COLUMNS} FROM radar_application a WHERE a.id = ANY(${subjects(events)}::int[]) AND a.init_status = 'failed'`;
  return bySubject(events, rows.map(applicationPayload));
}

export const radarEventData: TEventData = {
  "radar.update.created": updates,
  "radar.connection.created": connections,
  "radar.application.failed": failedApplications,
};
