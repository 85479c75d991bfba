import type { Prisma } from "./generated/prisma/client";
import { driverOf, type TDb } from "./client";

/**
 * Runs a read statement straight on the driver pool under the Prisma client: the same connections,
 * settings and statement names, without Prisma's query pipeline, which costs this process more
 * than twice the CPU per statement of the driver alone (docs/benchmarks.md, bench:cards). For the
 * hot reads of list pages and semantic search, whose columns are
 * all text, int4, float8, booleans and json (the driver's conversions of other types differ from
 * Prisma's: int8 comes back as a string). Inside an interactive transaction (a handle
 * createPrisma did not make) it goes through Prisma, on the transaction's connection. `plan`: see
 * TPlan.
 */
export async function readRows<T>(db: TDb, sql: Prisma.Sql, { plan = "custom" }: { plan?: TPlan } = {}): Promise<T[]> {
  const driver = driverOf(db);
  if (!driver) return db.$queryRaw<T[]>(sql);
  const name = driver.namer?.({ sql: sql.text });
  const pool = plan === "generic" ? (driver.pool.genericPlans ?? driver.pool) : driver.pool;
  const result = await pool.query({ ...(name ? { name } : {}), text: sql.text, values: sql.values as unknown[] });
  return result.rows as T[];
}

/**
 * How PostgreSQL plans a named statement's runs:
 * - `custom` (the default): each run for its own values, like every statement of the service;
 * - `generic`: once per connection, for values it does not know (plan_cache_mode =
 *   force_generic_plan, client.ts). Only for a statement whose best plan is the same whatever its
 *   values: the semantic search's index scan, whose plan is the index walk with each candidate
 *   checked against the filters (faster end to end than planned per run, with and without
 *   filters: docs/benchmarks.md).
 *   Without named statements (the embedded database, PREPARED_STATEMENTS=0), custom.
 */
export type TPlan = "custom" | "generic";
