import type { TDb } from "./client";
import { logger } from "../lib/logger";

/**
 * Bulk loading: an import that brings many rows into an EMPTY table builds that table's secondary
 * indexes once, after its rows are in, instead of maintaining every index row by row (what
 * pg_restore does). Indexes that back a constraint (primary keys, unique keys: the upserts'
 * conflict targets) always stay.
 *
 * Each dropped index is recorded in `vm_deferred_index` in the same transaction as its drop, so an
 * import that dies half-way leaves a record, never a silently missing index: the server's start,
 * `vmon migrate` and the next import rebuild whatever is recorded (`restoreDeferredIndexes`).
 * A record may also be a deferred fill that is not an index (a statement, under a name that is no
 * relation's: server/domain/import/trigger-tables.ts); it is run the same way.
 */

/** Rows a kind must bring into an empty table for its indexes to be built afterwards. */
export const BULK_MIN_ROWS = 50_000;

/** Memory for one index build (sorting): much more than the default 64 MB speeds up big builds. */
const BUILD_MEMORY = "256MB";

interface TDeferred {
  name: string;
  definition: string;
}

async function isEmpty(db: TDb, table: string): Promise<boolean> {
  const rows = await db.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM ${table} LIMIT 1`);
  return rows.length === 0;
}

/**
 * Drops the secondary indexes of `tables` if every one of them is empty, recording them; returns
 * how many were deferred (0: the tables are not empty, their indexes stay).
 */
export async function deferIndexes(db: TDb, tables: readonly string[]): Promise<number> {
  for (const table of tables) if (!(await isEmpty(db, table))) return 0;
  return db.$transaction(
    async (tx) => {
      const indexes = await tx.$queryRawUnsafe<TDeferred[]>(
        `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
         FROM pg_index i
         JOIN pg_class c ON c.oid = i.indexrelid
        WHERE i.indrelid = ANY($1::text[]::regclass[])
          AND NOT i.indisunique AND NOT i.indisprimary
          AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
        ORDER BY c.relname`,
        tables.map((t) => `public.${t}`),
      );
      for (const index of indexes) {
        await tx.$executeRawUnsafe(
          `INSERT INTO vm_deferred_index (name, definition) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET definition = EXCLUDED.definition`,
          index.name,
          index.definition,
        );
        await tx.$executeRawUnsafe(`DROP INDEX public."${index.name.replace(/"/g, '""')}"`);
      }
      return indexes.length;
    },
    { maxWait: 120_000, timeout: 600_000 },
  ); // a DROP INDEX waits for the table's readers
}

/**
 * Builds every recorded index (in `lanes` concurrent builds) and forgets it once built. An index
 * that exists already (a build that committed before its record was removed) is only forgotten.
 */
export async function restoreDeferredIndexes(db: TDb, lanes = 1): Promise<string[]> {
  const pending = await db.$queryRawUnsafe<TDeferred[]>(`SELECT name, definition FROM vm_deferred_index ORDER BY name`);
  if (pending.length === 0) return [];
  const started = Date.now();
  const queue = [...pending];
  const build = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const index = next;
      await db.$transaction(
        async (tx) => {
          await tx.$executeRawUnsafe(`SET LOCAL maintenance_work_mem = '${BUILD_MEMORY}'`);
          const [{ present }] = (await tx.$queryRawUnsafe<{ present: boolean }[]>(
            `SELECT to_regclass($1) IS NOT NULL AS present`,
            `public."${index.name.replace(/"/g, '""')}"`,
          )) as [{ present: boolean }];
          if (!present) await tx.$executeRawUnsafe(index.definition);
          await tx.$executeRawUnsafe(`DELETE FROM vm_deferred_index WHERE name = $1`, index.name);
        },
        { maxWait: 120_000, timeout: 3_600_000 },
      );
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, lanes) }, build));
  logger.debug("deferred indexes built", { count: pending.length, ms: Date.now() - started });
  return pending.map((p) => p.name);
}
