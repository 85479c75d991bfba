import type { TDb } from "~/server/db/client";
import { readRows } from "~/server/db/read";
import { Prisma } from "~/server/db/generated/prisma/client";
import { VERSION_FROM } from "./count-cache";
import { CARD_COLUMNS, type TCardRow } from "./format";

/**
 * Reading card rows for lists and detail. The page's ids are chosen first, from the card's filter
 * and sort columns only (so the planner can walk a sort index, without reading rows when the
 * index covers the filter: vm_card_latest_signal), then only those rows are read, with their
 * category ids and the caller's intro-request flag. Rows travel as one JSON text value built by
 * PostgreSQL, datetimes already formatted: one cell to decode instead of ~20 per row (the driver's
 * per-cell conversion is most of a small query's cost in this process).
 */

/**
 * The row columns of a card `c`, with its category ids and the caller's intro-request flag.
 * `vm_card_rows` (migrations 20261125090000, 20261125100000) holds the same list for pages:
 * change both together.
 */
const COLUMNS = (accountId: number) => Prisma.sql`${Prisma.raw(CARD_COLUMNS)},
  c.category_ids,
  EXISTS (SELECT 1 FROM intro_request ir WHERE ir.account_id = ${accountId} AND ir.card_id = c.id) AS has_intro_request`;

/**
 * The JSON page query (also run by the benchmark floor): one row with `rows` (JSON text, in page
 * order), the card data `version` and the number of `cards` of the same snapshot (count-cache.ts).
 * The page's ids are chosen by `from` + `where` in `order`; the rows of those ids come from
 * `vm_card_rows` (migration 20261125090000), the same columns as COLUMNS, whose statement keeps
 * its plan for the session: only the choice of the ids is planned per request.
 */
export function pageSql(
  accountId: number,
  where: Prisma.Sql,
  order: Prisma.Sql,
  limit: number,
  offset: number,
  from: Prisma.Sql = Prisma.sql`card c`,
): Prisma.Sql {
  return Prisma.sql`
    SELECT vm_card_rows(ARRAY(
             SELECT c.id FROM ${from}
             WHERE ${where}
             ORDER BY ${order}
             LIMIT ${limit} OFFSET ${offset}::bigint
           ), ${accountId}::int) AS rows,
           v.version, v.cards
    FROM ${VERSION_FROM}`;
}

/** Decodes the JSON rows (datetimes already formatted by CARD_COLUMNS). */
function decode<T extends TCardRow>(text: string | undefined): T[] {
  return JSON.parse(text ?? "[]") as T[];
}

/** Runs a JSON rows query (pageSql and the others below). */
export async function queryRows<T extends TCardRow>(db: TDb, sql: Prisma.Sql): Promise<T[]> {
  const [row] = await readRows<{ rows: string }>(db, sql);
  return decode<T>(row?.rows);
}

export interface TPage {
  rows: TCardRow[];
  version: string;
  cards: number;
}

/** Runs a pageSql statement. */
export async function queryPage(db: TDb, sql: Prisma.Sql): Promise<TPage> {
  const [row] = await readRows<{ rows: string; version: string; cards: number }>(db, sql);
  return { rows: decode<TCardRow>(row?.rows), version: row?.version ?? "0", cards: row?.cards ?? 0 };
}

/**
 * The row of the card whose id is `id`, as JSON text (NULL without such a card): semantic pages
 * read it with their ranking. `id` is an SQL expression over the enclosing query, which must not
 * call its card `c` (the row's own alias here would hide it).
 */
export function cardRowJson(accountId: number, id: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(SELECT row_to_json(r)::text FROM (SELECT ${COLUMNS(accountId)} FROM card c WHERE c.id = ${id}) r)`;
}

/** Decodes a row read by cardRowJson. */
export function decodeCardRow(text: string): TCardRow {
  return JSON.parse(text) as TCardRow;
}

/** A card by slug, with the detail-only columns. */
export interface TCardDetailRow extends TCardRow {
  people: unknown;
  more: unknown;
  employment_data: unknown;
  network_a_profile_id: number | null;
}

export async function rowBySlug(db: TDb, accountId: number, slug: string): Promise<TCardDetailRow | undefined> {
  if (slug.includes("\u0000")) return undefined;
  const rows = await queryRows<TCardDetailRow>(
    db,
    Prisma.sql`
      SELECT coalesce(json_agg(r), '[]')::text AS rows
      FROM (
        SELECT ${COLUMNS(accountId)}, c.people, c.more, c.employment_data, c.network_a_profile_id
        FROM card c WHERE c.slug = ${slug}
      ) r`,
  );
  return rows[0];
}
