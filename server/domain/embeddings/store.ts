import { Prisma } from "~/server/db/generated/prisma/client";
import type { TDb } from "~/server/db/client";
import { KINDS, type TEmbeddingKind } from "./kinds";
import { dimsSql, vectorLiteral } from "./vector-sql";

/**
 * Reading and writing stored vectors. A row "has a current vector" when its embedding row exists,
 * was made by the current model key with the current size, and is not older than the row itself
 * (an edited name or description is embedded again). Everything else is pending.
 */

export interface TModelRef {
  /** "<provider>:<model>" as stored in the model column */
  model: string;
  dimensions: number;
}

export interface TPendingRow {
  id: number;
  name: string;
  body: string | null;
}

/** "pending": rows without a current vector; "all": every row (a full rebuild). */
export type TSelection = "pending" | "all";

function pendingCondition(kind: TEmbeddingKind, ref: TModelRef): Prisma.Sql {
  const k = KINDS[kind];
  return Prisma.sql`(e.${k.key} IS NULL OR e.model <> ${ref.model} OR vector_dims(e.embedding) <> ${dimsSql(ref.dimensions)}
    OR e.updated_at < ${k.alias}.updated_at)`;
}

/** The next `limit` rows after id `afterId`, in id order. */
export async function nextRows(
  db: TDb,
  kind: TEmbeddingKind,
  ref: TModelRef,
  opts: { afterId: number; limit: number; selection: TSelection },
): Promise<TPendingRow[]> {
  const k = KINDS[kind];
  const pending = opts.selection === "pending" ? Prisma.sql`AND ${pendingCondition(kind, ref)}` : Prisma.empty;
  return db.$queryRaw<TPendingRow[]>`
    SELECT ${k.alias}.id, ${k.name} AS name, ${k.body} AS body
      FROM ${k.table} ${k.alias} LEFT JOIN ${k.embeddings} e ON e.${k.key} = ${k.alias}.id
     WHERE ${k.alias}.id > ${opts.afterId} ${pending}
     ORDER BY ${k.alias}.id
     LIMIT ${opts.limit}`;
}

/** How many rows `nextRows` would visit from id `afterId` on. */
export async function countRows(
  db: TDb,
  kind: TEmbeddingKind,
  ref: TModelRef,
  opts: { afterId: number; selection: TSelection },
): Promise<number> {
  const k = KINDS[kind];
  const pending = opts.selection === "pending" ? Prisma.sql`AND ${pendingCondition(kind, ref)}` : Prisma.empty;
  const rows = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM ${k.table} ${k.alias} LEFT JOIN ${k.embeddings} e ON e.${k.key} = ${k.alias}.id
     WHERE ${k.alias}.id > ${opts.afterId} ${pending}`;
  return rows[0]?.n ?? 0;
}

/** Is any row pending? (cheap: stops at the first) */
export async function anyPending(db: TDb, kind: TEmbeddingKind, ref: TModelRef): Promise<boolean> {
  return (await nextRows(db, kind, ref, { afterId: 0, limit: 1, selection: "pending" })).length > 0;
}

/**
 * Upserts vectors. Rows deleted in the meantime are skipped. `updated_at` is never older than the
 * row's own, so a row dated in the future is not embedded again and again.
 */
export async function writeVectors(
  db: TDb,
  kind: TEmbeddingKind,
  model: string,
  items: { id: number; vector: number[] }[],
): Promise<number> {
  if (items.length === 0) return 0;
  const k = KINDS[kind];
  const ids = items.map((i) => i.id);
  const vectors = items.map((i) => vectorLiteral(i.vector));
  return db.$executeRaw`
    INSERT INTO ${k.embeddings} (${k.key}, model, embedding, updated_at)
    SELECT u.id, ${model}, u.v::vector, GREATEST(now(), ${k.alias}.updated_at)
      FROM unnest(${ids}::int[], ${vectors}::text[]) AS u(id, v)
      JOIN ${k.table} ${k.alias} ON ${k.alias}.id = u.id
    ON CONFLICT (${k.key}) DO UPDATE
      SET model = EXCLUDED.model, embedding = EXCLUDED.embedding, updated_at = EXCLUDED.updated_at`;
}

/** Does any row have a vector of this model and size? */
export async function hasVectors(db: TDb, kind: TEmbeddingKind, ref: TModelRef): Promise<boolean> {
  const k = KINDS[kind];
  const rows = await db.$queryRaw<{ ok: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM ${k.embeddings} e WHERE e.model = ${ref.model} AND vector_dims(e.embedding) = ${dimsSql(ref.dimensions)}) AS ok`;
  return rows[0]?.ok === true;
}

/** Rows of the kind, and how many have a current vector (for progress and status). */
export async function coverage(db: TDb, kind: TEmbeddingKind, ref: TModelRef): Promise<{ rows: number; current: number }> {
  const k = KINDS[kind];
  const rows = await db.$queryRaw<{ rows: number; pending: number }[]>`
    SELECT count(*)::int AS rows, count(*) FILTER (WHERE ${pendingCondition(kind, ref)})::int AS pending
      FROM ${k.table} ${k.alias} LEFT JOIN ${k.embeddings} e ON e.${k.key} = ${k.alias}.id`;
  const r = rows[0] ?? { rows: 0, pending: 0 };
  return { rows: r.rows, current: r.rows - r.pending };
}
