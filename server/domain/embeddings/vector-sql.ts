import { Prisma } from "~/server/db/generated/prisma/client";
import type { TEmbeddingKind } from "./kinds";

/**
 * Vectors in SQL. The `embedding` columns are `vector` without a fixed size (any model fits); the
 * HNSW indexes (migration 20261122112102_vm_embedding_hnsw) are partial expression indexes, one per
 * common size, over `embedding::vector(N)` WHERE `vector_dims(embedding) = N`. A query uses an index
 * only when it repeats that expression and predicate with the same constant N, which is why N is
 * written into the SQL (a validated integer, never user input) rather than passed as a parameter.
 */

/** Sizes that have an HNSW index; other sizes are searched exactly (correct, slower at scale). */
export const INDEXED_DIMENSIONS = [384, 512, 768, 1024, 1536] as const;

export function isIndexed(dimensions: number): boolean {
  return (INDEXED_DIMENSIONS as readonly number[]).includes(dimensions);
}

/** `N` as SQL, checked to be a sane vector size. */
export function dimsSql(dimensions: number): Prisma.Sql {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 16000) throw new Error(`bad vector size ${dimensions}`);
  return Prisma.raw(String(dimensions));
}

/** pgvector's text form; 9 significant digits round-trip a float4. */
export function vectorLiteral(vector: number[]): string {
  return `[${vector.map((x) => (Number.isInteger(x) ? String(x) : x.toPrecision(9))).join(",")}]`;
}

/**
 * The query vector of an index scan's ORDER BY, carrying the scan's settings: a scalar subquery
 * whose condition sets them for the current transaction, which is this one statement. PostgreSQL
 * evaluates it (an InitPlan) when the index scan computes its ordering key, before the scan's first
 * row, and pgvector reads hnsw.ef_search, hnsw.iterative_scan and hnsw.max_scan_tuples as it fetches
 * rows (hnswgettuple): one statement, one round trip, where BEGIN, the settings, the query and
 * COMMIT took four (a test checks that the settings apply). set_config never returns NULL.
 */
export function vectorWithScanSettings(q: string, n: Prisma.Sql, settings: Record<string, string>): Prisma.Sql {
  const set = Object.entries(settings).map(([name, value]) => Prisma.sql`set_config(${name}, ${value}, true) IS NOT NULL`);
  return Prisma.sql`(SELECT ${q}::vector(${n}) WHERE ${Prisma.join(set, " AND ")})`;
}

/** The hand-written index name for a kind and size (for the benchmark and documentation). */
export function hnswIndexName(kind: TEmbeddingKind, dimensions: number): string {
  return `vm_${kind}_embedding_hnsw_${dimensions}`;
}

/** The DDL of that index (migration 20261122112102 creates it for INDEXED_DIMENSIONS, 20261123000000 sets its ef_construction). */
export function hnswIndexDdl(kind: TEmbeddingKind, dimensions: number): string {
  const n = Number(dimsSql(dimensions).sql);
  return `CREATE INDEX IF NOT EXISTS ${hnswIndexName(kind, n)} ON ${kind}_embedding USING hnsw ((embedding::vector(${n})) vector_cosine_ops) WITH (ef_construction = 128) WHERE vector_dims(embedding) = ${n}`;
}
