import { Prisma } from "~/server/db/generated/prisma/client";
import type { TProfileSort, TSortDir, TSortField } from "./types";

/**
 * Sort of the profile list: `field:direction` pairs over created_at, updated_at and name (field
 * names and directions case-insensitive; a field without a direction is ascending). Anything
 * invalid gives the default created_at:desc (spec: an invalid sort falls back). The id is always
 * the last key, in the direction of the last given key, so the order is total: a full read page by
 * page never skips or repeats a profile, and the keyset continuation (cursor-cache.ts) is exact.
 */

const DEFAULT_SORT: TProfileSort = { label: "created_at:desc", keys: [{ field: "created_at", dir: "desc" }] };

/** SQL of each sort key over the alias `p`; the key values read back (sortKeyColumns) use the same. */
const KEY_SQL: Record<TSortField, string> = {
  created_at: "p.created_at",
  updated_at: "p.updated_at",
  name: `(lower(p.name) COLLATE "C")`,
};

/** How a key value is written back into SQL for the keyset comparison. */
const KEY_PARAM: Record<TSortField, (v: string) => Prisma.Sql> = {
  created_at: (v) => Prisma.sql`${v}::timestamptz`,
  updated_at: (v) => Prisma.sql`${v}::timestamptz`,
  name: (v) => Prisma.sql`${v}::text`,
};

const FIELDS = new Set<string>(["created_at", "updated_at", "name"]);

export function parseProfileSort(raw: string | undefined): { sort: TProfileSort; valid: boolean } {
  if (raw === undefined || raw.trim() === "") return { sort: DEFAULT_SORT, valid: true };
  const keys: TProfileSort["keys"] = [];
  for (const part of raw.split(",")) {
    const [field = "", dir = "asc", extra] = part
      .trim()
      .toLowerCase()
      .split(":")
      .map((s) => s.trim());
    if (extra !== undefined || !FIELDS.has(field) || (dir !== "asc" && dir !== "desc")) return { sort: DEFAULT_SORT, valid: false };
    if (keys.some((k) => k.field === field)) return { sort: DEFAULT_SORT, valid: false };
    keys.push({ field: field as TSortField, dir: dir as TSortDir });
  }
  if (keys.length === 0) return { sort: DEFAULT_SORT, valid: false };
  return { sort: { label: keys.map((k) => `${k.field}:${k.dir}`).join(","), keys }, valid: true };
}

const idDir = (sort: TProfileSort): TSortDir => sort.keys[sort.keys.length - 1]!.dir;

/** `ORDER BY` items (without the keyword), the id tie-breaker included. */
export function profileOrderBy(sort: TProfileSort): Prisma.Sql {
  const items = sort.keys.map((k) => `${KEY_SQL[k.field]} ${k.dir.toUpperCase()}`);
  items.push(`p.id ${idDir(sort).toUpperCase()}`);
  return Prisma.raw(items.join(", "));
}

/** Extra select items giving each row's sort key as text (`k0`, `k1`, ...), exact to the microsecond. */
export function sortKeyColumns(sort: TProfileSort): Prisma.Sql {
  const cols = sort.keys.map((k, i) =>
    k.field === "name"
      ? `${KEY_SQL.name} AS k${i}`
      : `to_char(${KEY_SQL[k.field]} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS k${i}`,
  );
  return Prisma.raw(cols.join(", "));
}

export type TSortKey = { values: string[]; id: number };

/** The key of a row read with sortKeyColumns. */
export function rowSortKey(sort: TProfileSort, row: Record<string, unknown>): TSortKey {
  return { values: sort.keys.map((_, i) => String(row[`k${i}`])), id: Number(row.id) };
}

/**
 * Rows strictly after `key` in the sort order. One row comparison when every key has the same
 * direction (the (created_at, id) index serves it directly), otherwise the expanded OR form.
 */
export function afterKeyCondition(sort: TProfileSort, key: TSortKey): Prisma.Sql {
  const fields = [
    ...sort.keys.map((k) => ({ sql: Prisma.raw(KEY_SQL[k.field]), dir: k.dir })),
    { sql: Prisma.raw("p.id"), dir: idDir(sort) },
  ];
  const params = [...sort.keys.map((k, i) => KEY_PARAM[k.field](key.values[i]!)), Prisma.sql`${key.id}::int`];
  if (fields.every((f) => f.dir === fields[0]!.dir)) {
    const op = Prisma.raw(fields[0]!.dir === "desc" ? "<" : ">");
    return Prisma.sql`(${Prisma.join(fields.map((f) => f.sql))}) ${op} (${Prisma.join(params)})`;
  }
  const ors = fields.map((f, i) => {
    const eqs = fields.slice(0, i).map((g, j) => Prisma.sql`${g.sql} = ${params[j]!}`);
    const cmp = Prisma.sql`${f.sql} ${Prisma.raw(f.dir === "desc" ? "<" : ">")} ${params[i]!}`;
    return Prisma.sql`(${Prisma.join([...eqs, cmp], " AND ")})`;
  });
  return Prisma.sql`(${Prisma.join(ors, " OR ")})`;
}
