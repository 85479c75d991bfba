import type { TDb } from "~/server/db/client";

/**
 * The tables that triggers fill from a table the import writes, during a bulk load (migration
 * 20261126090000): vm_card_word (the words of each card) and vm_card_participant (the
 * participants of each card's interactions). Their row triggers would add each new card's or
 * interaction's rows one statement at a time to indexes that outgrow the buffer pool at a million
 * cards; a bulk load into the empty source table switches those triggers off instead, and the
 * table is written all at once after the load, its indexes built over it once (the `refill`
 * function, which also switches the triggers back on).
 *
 * The triggers are switched off and the refill recorded in vm_deferred_index in one transaction,
 * so an import that dies half-way leaves the record: restoreDeferredIndexes (the import's end, the
 * server's start, `vmon migrate`) runs it. The refill locks the source table against writers and
 * writes the table from scratch, so whatever was written meanwhile, by the import or anyone else,
 * is in.
 */

export interface TTriggerTable {
  table: string;
  /** the table whose triggers fill it, and that must be empty for a bulk load */
  source: string;
  /** the source's triggers that add or change rows (the one on TRUNCATE stays on) */
  triggers: readonly string[];
  /** the SQL function that writes the table from scratch and switches the triggers back on */
  refill: string;
}

export const TRIGGER_TABLES = {
  card: {
    table: "vm_card_word",
    source: "card",
    triggers: ["vm_card_word_ins", "vm_card_word_upd", "vm_card_word_del"],
    refill: "vm_card_word_refill",
  },
  interaction: {
    table: "vm_card_participant",
    source: "interaction",
    triggers: ["vm_card_participant_ins", "vm_card_participant_del", "vm_card_participant_upd_old", "vm_card_participant_upd_new"],
    refill: "vm_card_participant_refill",
  },
} as const satisfies Record<string, TTriggerTable>;

/** The record's name: no relation's, so restoreDeferredIndexes always runs its statement. */
export function refillRecord(t: TTriggerTable): string {
  return `${t.table} (rows)`;
}

/** Defers the rows of `t` if its source table is empty; returns 1 if it did, 0 if rows are there. */
export async function deferTriggerTable(db: TDb, t: TTriggerTable): Promise<number> {
  return db.$transaction(
    async (tx) => {
      // The lock first: no row can arrive between the check and the triggers going off.
      await tx.$executeRawUnsafe(`LOCK TABLE ${t.source} IN SHARE ROW EXCLUSIVE MODE`);
      if ((await tx.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM ${t.source} LIMIT 1`)).length > 0) return 0;
      await tx.$executeRawUnsafe(
        `INSERT INTO vm_deferred_index (name, definition) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET definition = EXCLUDED.definition`,
        refillRecord(t),
        `SELECT ${t.refill}()`,
      );
      for (const trigger of t.triggers) await tx.$executeRawUnsafe(`ALTER TABLE ${t.source} DISABLE TRIGGER ${trigger}`);
      return 1;
    },
    { maxWait: 120_000, timeout: 600_000 }, // the lock waits for the table's writers
  );
}
