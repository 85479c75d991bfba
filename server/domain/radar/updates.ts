import type { TDb } from "~/server/db/client";
import { Prisma } from "~/server/db/generated/prisma/client";
import { iso } from "~/server/lib/format";
import { validationError } from "~/server/lib/errors";
import type { TUpdateBody } from "./diff";
import { CHANGE_TYPES, SOURCE_NAMES, SOURCES, type TChangeType, type TConnectionRef, type TSource } from "./types";

/**
 * The updates feed (GET /v1/radar/updates/): the caller's updates, newest first (detected_at, then
 * id), filtered by connection (with its source), source, the connection's current tracking, and
 * change type(s). pagination.total is a sum over tallies kept by triggers on radar_update: with
 * no connection or tracking filter, over the account's few rows of vm_radar_update_account_tally
 * (source x change type); otherwise over vm_radar_update_tally (one row per connection and change
 * type). A feed of millions of updates costs a page read and a sum over a handful of rows.
 * A date range (detected_after / detected_before) is not in the tallies: its total is counted
 * over the account's rows in that range (index account_id, detected_at).
 *
 * Each feed item's connection also names, for network_a, the raw profile it is (`profile_id`, the
 * founder profile, when the dataset holds that id) and a card of that person (`card_slug`), looked
 * up for the page's rows only.
 */

export interface TFeedQuery {
  limit: number;
  offset: number;
  includeTotal: boolean;
  source?: TSource;
  connectionId?: number;
  isTracking?: boolean;
  changeTypes?: TChangeType[];
  /** detected_at on or after this day (00:00 UTC). */
  detectedAfter?: Date;
  /** detected_at on or before this day (the whole day, UTC). */
  detectedBefore?: Date;
}

export interface TUpdatePayload {
  id: number;
  description: string;
  change_type: TChangeType | null;
  body: TUpdateBody;
  detected_at: string;
  connection: TConnectionRef & { profile_id?: number | null; card_slug?: string | null };
}

const DAY_MS = 86_400_000;

export interface TUpdateRow {
  id: number;
  description: string;
  change_type: TChangeType | null;
  body: TUpdateBody;
  detected_at: Date;
  c_id: number;
  c_source: TSource;
  c_username: string | null;
  c_name: string | null;
  /** The connection's external id (for the founder and card links, addLinks). */
  c_external_id?: string;
}

/** An update as the feed answers it (also the data of the radar.update.created webhook event). */
export function updatePayload(r: TUpdateRow): TUpdatePayload {
  return {
    id: r.id,
    description: r.description,
    change_type: r.change_type,
    body: r.body,
    detected_at: iso(r.detected_at),
    connection: { id: r.c_id, source: r.c_source, username: r.c_username, name: r.c_name },
  };
}

export const updatesMeta = () => ({ sources: [...SOURCES], change_types: [...CHANGE_TYPES] });

async function checkConnection(db: TDb, accountId: number, q: TFeedQuery): Promise<void> {
  if (q.connectionId === undefined) return;
  if (!q.source) throw validationError("connection_id", "must be used with source");
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT id FROM radar_connection WHERE id = ${q.connectionId} AND account_id = ${accountId} AND source = ${q.source}`;
  if (rows.length === 0) throw validationError("connection_id", `is not one of your ${SOURCE_NAMES[q.source]} connections`);
}

/** The tally the total sums: only a connection or tracking filter needs the per-connection rows. */
function tallyFrom(q: TFeedQuery): Prisma.Sql {
  if (q.isTracking !== undefined) {
    return Prisma.sql`vm_radar_update_tally t JOIN radar_connection c ON c.id = t.connection_id AND c.is_tracking = ${q.isTracking}`;
  }
  if (q.connectionId !== undefined) return Prisma.sql`vm_radar_update_tally t`;
  return Prisma.sql`vm_radar_update_account_tally t`;
}

/** detected_at conditions of a date range, on the alias `u`. */
function range(q: TFeedQuery): Prisma.Sql[] {
  const out: Prisma.Sql[] = [];
  if (q.detectedAfter) out.push(Prisma.sql`u.detected_at >= ${q.detectedAfter}`);
  if (q.detectedBefore) out.push(Prisma.sql`u.detected_at < ${new Date(q.detectedBefore.getTime() + DAY_MS)}`);
  return out;
}

/**
 * Sets the founder profile and a card of each network_a connection of `data` (built from `rows`,
 * in the same order; one query). The feed and the radar.update.created event both call it.
 */
export async function addLinks(db: Pick<TDb, "$queryRaw">, data: TUpdatePayload[], rows: TUpdateRow[]): Promise<void> {
  const ids = [
    ...new Set(
      rows.filter((r) => r.c_source === "network_a" && /^\d{1,9}$/.test(r.c_external_id ?? "")).map((r) => Number(r.c_external_id)),
    ),
  ];
  const found = ids.length
    ? await db.$queryRaw<{ id: number; slug: string | null }[]>`
        SELECT p.id, min(c.slug) AS slug FROM profile p LEFT JOIN card c ON c.network_a_profile_id = p.id
         WHERE p.id = ANY(${ids}::int[]) GROUP BY p.id`
    : [];
  const byId = new Map(found.map((f) => [String(f.id), f.slug]));
  data.forEach((d, i) => {
    const key = rows[i]!.c_external_id ?? "";
    const known = rows[i]!.c_source === "network_a" && byId.has(key);
    d.connection.profile_id = known ? Number(key) : null;
    d.connection.card_slug = known ? (byId.get(key) ?? null) : null;
  });
}

export async function listUpdates(db: TDb, accountId: number, q: TFeedQuery) {
  await checkConnection(db, accountId, q);
  const u = [Prisma.sql`u.account_id = ${accountId}`];
  const t = [Prisma.sql`t.account_id = ${accountId}`];
  if (q.source) {
    u.push(Prisma.sql`u.source = ${q.source}`);
    t.push(Prisma.sql`t.source = ${q.source}`);
  }
  if (q.connectionId !== undefined) {
    u.push(Prisma.sql`u.connection_id = ${q.connectionId}`);
    t.push(Prisma.sql`t.connection_id = ${q.connectionId}`);
  }
  if (q.changeTypes?.length) {
    u.push(Prisma.sql`u.change_type = ANY(${q.changeTypes}::text[])`);
    t.push(Prisma.sql`t.change_type = ANY(${q.changeTypes}::text[])`);
  }
  const dated = range(q);
  u.push(...dated);
  const tracking = q.isTracking === undefined ? Prisma.empty : Prisma.sql`AND c.is_tracking = ${q.isTracking}`;
  const take = q.includeTotal ? q.limit : q.limit + 1;
  const page = Prisma.sql`
    SELECT u.id, u.description, u.change_type, u.body, u.detected_at,
           c.id AS c_id, c.source AS c_source, c.username AS c_username, c.name AS c_name, c.external_id AS c_external_id
      FROM radar_update u JOIN radar_connection c ON c.id = u.connection_id ${tracking}
     WHERE ${Prisma.join(u, " AND ")}
     ORDER BY u.detected_at DESC, u.id DESC
     LIMIT ${take} OFFSET ${q.offset}`;
  // With a date range the tallies do not apply: count the matching rows themselves.
  const totalSql = dated.length
    ? Prisma.sql`SELECT count(*)::int AS total FROM radar_update u JOIN radar_connection c ON c.id = u.connection_id ${tracking}
                  WHERE ${Prisma.join(u, " AND ")}`
    : Prisma.sql`SELECT coalesce(sum(t.n), 0)::int AS total FROM ${tallyFrom(q)} WHERE ${Prisma.join(t, " AND ")}`;
  // One round trip: the total (always one row) with the page joined to it (no row: id null).
  const found = q.includeTotal
    ? await db.$queryRaw<(Partial<TUpdateRow> & { total: number })[]>`
        SELECT tot.total, p.* FROM (${totalSql}) tot LEFT JOIN LATERAL (${page}) p ON true
        ORDER BY p.detected_at DESC, p.id DESC`
    : await db.$queryRaw<TUpdateRow[]>(page);
  const total = q.includeTotal ? ((found[0] as { total?: number } | undefined)?.total ?? 0) : null;
  const rows = (found as TUpdateRow[]).filter((r) => r.id !== null && r.id !== undefined).slice(0, q.limit + 1);
  const shown = rows.slice(0, q.limit);
  const data: TUpdatePayload[] = shown.map(updatePayload);
  await addLinks(db, data, shown);
  return { data, total, fetched: rows.length, meta: { sort: "detected_at:desc" as const } };
}
