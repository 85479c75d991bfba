import type { Prisma } from "./generated/prisma/client";
import { driverOf, type TDb } from "./client";

/**
 * Runs a read statement straight on the driver pool under the Prisma client: the same connections,
 * settings and statement names, without Prisma's query pipeline, which cost about 0.3 ms of this
 * process's CPU per statement against 0.12 ms through the driver alone (docs/benchmarks.md,
 * "Cards", session 12). For the hot reads of list pages and semantic search, whose columns are
 * all text, int4, float8, booleans and json (the driver's conversions of other types differ from
 * Prisma's: int8 comes back as a string). Inside an interactive transaction (a handle
 * createPrisma did not make) it goes through Prisma, on the transaction's connection.
 */
export async function readRows<T>(db: TDb, sql: Prisma.Sql): Promise<T[]> {
  const driver = driverOf(db);
  if (!driver) return db.$queryRaw<T[]>(sql);
  const name = driver.namer?.({ sql: sql.text });
  const result = await driver.pool.query({ ...(name ? { name } : {}), text: sql.text, values: sql.values as unknown[] });
  return result.rows as T[];
}
