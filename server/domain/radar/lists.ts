import type { TDb } from "~/server/db/client";
import { Prisma } from "~/server/db/generated/prisma/client";
import {
  APPLICATION_COLUMNS,
  applicationPayload,
  CONNECTION_COLUMNS,
  connectionPayload,
  type TApplicationPayload,
  type TApplicationRow,
  type TConnectionPayload,
  type TConnectionRow,
} from "./payloads";
import type { TInitStatus, TListSort, TOrder, TSource } from "./types";

/**
 * GET /v1/radar/applications/<source>/ and /connections/<source>/: the caller's rows of that source,
 * filtered (q, is_tracking, init_status), sorted, one page. Sorts: `recent` (created_at, default
 * desc), `name` (default asc), `company` (default asc), `tracked` (is_tracking, tracked first by
 * default, newest first within). Before processing an application knows only its identifier, so
 * `name` and `company` order applications by identifier. Ties broken by id; nulls last.
 */

export interface TListQuery {
  limit: number;
  offset: number;
  includeTotal: boolean;
  q?: string;
  isTracking?: boolean;
  initStatus?: TInitStatus;
  sort: TListSort;
  order?: TOrder;
}

export interface TListResult<T> {
  data: T[];
  total: number | null;
  fetched: number;
  meta: { source: TSource; sort: TListSort; order: TOrder };
}

const DEFAULT_ORDER: Record<TListSort, TOrder> = { recent: "desc", name: "asc", company: "asc", tracked: "desc" };

const like = (q: string) => `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

function applicationOrder(sort: TListSort, order: TOrder): Prisma.Sql {
  const d = Prisma.raw(order === "asc" ? "ASC" : "DESC");
  switch (sort) {
    case "recent":
      return Prisma.sql`a.created_at ${d}, a.id ${d}`;
    case "name":
    case "company":
      return Prisma.sql`lower(a.identifier) ${d}, a.id ${d}`;
    case "tracked":
      return Prisma.sql`a.is_tracking ${d}, a.created_at DESC, a.id DESC`;
  }
}

function connectionOrder(sort: TListSort, order: TOrder): Prisma.Sql {
  const d = Prisma.raw(order === "asc" ? "ASC" : "DESC");
  switch (sort) {
    case "recent":
      return Prisma.sql`c.created_at ${d}, c.id ${d}`;
    case "name":
      return Prisma.sql`lower(c.name) ${d} NULLS LAST, c.id ${d}`;
    case "company":
      return Prisma.sql`lower(c.company) ${d} NULLS LAST, lower(c.name) ${d} NULLS LAST, c.id ${d}`;
    case "tracked":
      return Prisma.sql`c.is_tracking ${d}, c.created_at DESC, c.id DESC`;
  }
}

async function page<R, T>(
  db: TDb,
  q: TListQuery,
  source: TSource,
  select: (take: number) => Prisma.Sql,
  count: Prisma.Sql,
  map: (r: R) => T,
): Promise<TListResult<T>> {
  const take = q.includeTotal ? q.limit : q.limit + 1;
  const [rows, total] = await Promise.all([
    db.$queryRaw<R[]>(select(take)),
    q.includeTotal ? db.$queryRaw<{ n: number }[]>(count).then((r) => r[0]?.n ?? 0) : Promise.resolve(null),
  ]);
  const order = q.order ?? DEFAULT_ORDER[q.sort];
  return { data: rows.slice(0, q.limit).map(map), total, fetched: rows.length, meta: { source, sort: q.sort, order } };
}

export function listApplications(db: TDb, accountId: number, source: TSource, q: TListQuery): Promise<TListResult<TApplicationPayload>> {
  const conditions = [Prisma.sql`a.account_id = ${accountId}`, Prisma.sql`a.source = ${source}`];
  if (q.isTracking !== undefined) conditions.push(Prisma.sql`a.is_tracking = ${q.isTracking}`);
  if (q.initStatus) conditions.push(Prisma.sql`a.init_status = ${q.initStatus}`);
  if (q.q) conditions.push(Prisma.sql`a.identifier ILIKE ${like(q.q)}`);
  const where = Prisma.join(conditions, " AND ");
  const orderBy = applicationOrder(q.sort, q.order ?? DEFAULT_ORDER[q.sort]);
  return page<TApplicationRow, TApplicationPayload>(
    db,
    q,
    source,
    (take) =>
      Prisma.sql`SELECT ${APPLICATION_COLUMNS} FROM radar_application a WHERE ${where} ORDER BY ${orderBy} LIMIT ${take} OFFSET ${q.offset}`,
    Prisma.sql`SELECT count(*)::int AS n FROM radar_application a WHERE ${where}`,
    applicationPayload,
  );
}

export function listConnections(db: TDb, accountId: number, source: TSource, q: TListQuery): Promise<TListResult<TConnectionPayload>> {
  const conditions = [Prisma.sql`c.account_id = ${accountId}`, Prisma.sql`c.source = ${source}`];
  if (q.isTracking !== undefined) conditions.push(Prisma.sql`c.is_tracking = ${q.isTracking}`);
  if (q.q) {
    const pattern = like(q.q);
    conditions.push(Prisma.sql`(c.name ILIKE ${pattern} OR c.username ILIKE ${pattern} OR c.company ILIKE ${pattern})`);
  }
  const where = Prisma.join(conditions, " AND ");
  const orderBy = connectionOrder(q.sort, q.order ?? DEFAULT_ORDER[q.sort]);
  return page<TConnectionRow, TConnectionPayload>(
    db,
    q,
    source,
    (take) =>
      Prisma.sql`SELECT ${CONNECTION_COLUMNS} FROM radar_connection c WHERE ${where} ORDER BY ${orderBy} LIMIT ${take} OFFSET ${q.offset}`,
    Prisma.sql`SELECT count(*)::int AS n FROM radar_connection c WHERE ${where}`,
    connectionPayload,
  );
}
