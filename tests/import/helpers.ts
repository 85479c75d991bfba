import type { TDb } from "~/server/db/client";
import type { TImportSource } from "~/server/domain/import";

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

/**
 * Every row of the imported tables, as text (timestamps to the microsecond), in a stable order; the
 * change feed's transaction id (vm_feed_xid) is left out: it records which write, not what was written.
 */
export async function snapshot(db: TDb): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const t of TABLES) {
    const rows = await db.$queryRawUnsafe<{ r: string }[]>(
      `SELECT (to_jsonb(x) - 'search_vector' - 'vm_feed_xid')::text AS r FROM ${t} x ORDER BY 1`,
    );
    out[t] = rows.map((r) => r.r);
  }
  return out;
}

/**
 * Every imported row, with references given by slug: ids follow the order of inserts, which
 * concurrent write lanes (PostgreSQL) and card partitions do not fix. `cardCreatedAt: false` leaves
 * out the cards' created_at, for files whose cards take the import's time.
 */
export async function rowsBySlug(db: TDb, { cardCreatedAt = true } = {}) {
  const q = async (sql: string) => (await db.$queryRawUnsafe<{ r: string }[]>(`${sql} ORDER BY 1`)).map((r) => r.r);
  const created = cardCreatedAt ? "" : "- 'created_at'";
  return {
    card: await q(`
      SELECT (to_jsonb(c) - 'id' - 'vm_feed_xid' - 'search_vector' - 'updated_at' ${created} - 'stage_id' - 'earliest_source_type_id'
              || jsonb_build_object('stage', s.slug, 'earliest_source_type', st.slug))::text AS r
      FROM card c LEFT JOIN stage s ON s.id = c.stage_id LEFT JOIN source_type st ON st.id = c.earliest_source_type_id`),
    card_category: await q(
      `SELECT c.slug || ' ' || k.slug AS r FROM card_category x JOIN card c ON c.id = x.card_id JOIN category k ON k.id = x.category_id`,
    ),
    interaction: await q(`
      SELECT (to_jsonb(i) - 'id' - 'vm_feed_xid' - 'card_id' - 'participant_id' - 'associated_participant_id' - 'source_type_id'
              || jsonb_build_object('card', c.slug, 'participant', p.slug, 'source_type', st.slug))::text AS r
      FROM interaction i JOIN card c ON c.id = i.card_id JOIN participant p ON p.id = i.participant_id
      LEFT JOIN source_type st ON st.id = i.source_type_id`),
    participant: await q(`
      SELECT (to_jsonb(p) - 'id' - 'vm_feed_xid' - 'created_at' - 'updated_at' - 'type_id' - 'associated_with_id'
              || jsonb_build_object('type', ty.slug, 'associated_with', a.slug))::text AS r
      FROM participant p JOIN participant_type ty ON ty.id = p.type_id LEFT JOIN participant a ON a.id = p.associated_with_id`),
    profile: await q(`SELECT (to_jsonb(p) - 'created_at' - 'updated_at')::text AS r FROM profile p`),
    network_b_profile: await q(`SELECT (to_jsonb(n) - 'id' - 'updated_at')::text AS r FROM network_b_profile n`),
    participant_source: await q(
      `SELECT p.slug || ' ' || s.type || ' ' || s.slug || ' ' || s.link AS r FROM participant_source s JOIN participant p ON p.id = s.participant_id`,
    ),
    category_parent: await q(
      `SELECT c.slug || ' < ' || coalesce(p.slug, '') AS r FROM category c LEFT JOIN category p ON p.id = c.parent_id`,
    ),
    location_parent: await q(
      `SELECT l.slug || ' < ' || coalesce(p.slug, '') AS r FROM location l LEFT JOIN location p ON p.id = l.parent_id`,
    ),
  };
}

export async function one<T>(db: TDb, sql: string, ...args: unknown[]): Promise<T> {
  const rows = await db.$queryRawUnsafe<T[]>(sql, ...args);
  if (rows.length !== 1) throw new Error(`expected one row, got ${rows.length}: ${sql}`);
  return rows[0]!;
}
