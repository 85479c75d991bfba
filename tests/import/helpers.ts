import type { TDb } from "../../server/db/client";
import type { TImportSource } from "../../server/domain/import";

/** Helpers of the import tests. */

export function linesSource(lines: string[]): TImportSource {
  return {
    open: async function* () {
      for (const l of lines) yield l;
    },
  };
}

export const TABLES = [
  "interaction",
  "card_category",
  "card",
  "participant_source",
  "participant",
  "participant_type",
  "source_type",
  "category",
  "location",
  "stage",
  "round",
  "profile",
  "collection",
  "network_b_profile",
] as const;

export async function resetData(db: TDb): Promise<void> {
  await db.$executeRawUnsafe(`TRUNCATE ${TABLES.join(", ")} RESTART IDENTITY CASCADE`);
}

export async function counts(db: TDb): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const [row] = await db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${t}`);
    out[t] = row!.n;
  }
  return out;
}

/** Every row of the imported tables, as text (timestamps to the microsecond), in a stable order. */
export async function snapshot(db: TDb): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const t of TABLES) {
    const rows = await db.$queryRawUnsafe<{ r: string }[]>(
      `SELECT (to_jsonb(x) - 'search_vector')::text AS r FROM ${t} x ORDER BY 1`,
    );
    out[t] = rows.map((r) => r.r);
  }
  return out;
}

export async function one<T>(db: TDb, sql: string, ...args: unknown[]): Promise<T> {
  const rows = await db.$queryRawUnsafe<T[]>(sql, ...args);
  if (rows.length !== 1) throw new Error(`expected one row, got ${rows.length}: ${sql}`);
  return rows[0]!;
}
