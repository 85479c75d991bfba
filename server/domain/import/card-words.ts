import type { TDb } from "../../db/client";

/**
 * vm_card_word during a bulk load of cards (migration 20261126090000): instead of card's row
 * triggers adding each new card's words to vm_card_word and its index one row at a time, the
 * rows are written all at once after the cards, and the index built over them
 * (`vm_card_word_refill()`).
 *
 * The triggers are switched off and the refill recorded in vm_deferred_index in one transaction,
 * so an import that dies half-way leaves the record: restoreDeferredIndexes (the import's end, the
 * server's start, `vmon migrate`) runs it, which also switches the triggers back on.
 */

/** The record's name: not an index, so restoreDeferredIndexes always runs its statement. */
export const CARD_WORDS_RECORD = "vm_card_word (rows)";

const TRIGGERS = ["vm_card_word_ins", "vm_card_word_upd", "vm_card_word_del"];

/** Defers vm_card_word's rows if `card` is empty; returns 1 if it did, 0 if cards are there. */
export async function deferCardWords(db: TDb): Promise<number> {
  return db.$transaction(
    async (tx) => {
      // The lock first: no card can arrive between the check and the triggers going off.
      await tx.$executeRawUnsafe(`LOCK TABLE card IN SHARE ROW EXCLUSIVE MODE`);
      if ((await tx.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM card LIMIT 1`)).length > 0) return 0;
      await tx.$executeRawUnsafe(
        `INSERT INTO vm_deferred_index (name, definition) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET definition = EXCLUDED.definition`,
        CARD_WORDS_RECORD,
        "SELECT vm_card_word_refill()",
      );
      for (const trigger of TRIGGERS) await tx.$executeRawUnsafe(`ALTER TABLE card DISABLE TRIGGER ${trigger}`);
      return 1;
    },
    { maxWait: 120_000, timeout: 600_000 }, // the lock waits for the table's writers
  );
}
