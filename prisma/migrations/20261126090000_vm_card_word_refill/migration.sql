-- Written by hand (vm_* objects; the drift check ignores them).
--
-- vm_card_word in one go, for a bulk import into an empty card table
-- (server/domain/import/card-words.ts). Kept by card's row triggers, a million cards cost about
-- fifteen million single-row inserts into vm_card_word_latest at random places of an index that
-- outgrows the buffer pool.
-- Such an import switches off the triggers that add and change rows (and records it in
-- vm_deferred_index in the same transaction); this function, run from that record once the cards
-- are in (or at the next start, after a crash), writes every card's rows from scratch, builds the
-- index over them once and switches the triggers back on, all in one transaction under a lock
-- that keeps writers of cards out: whatever was written meanwhile, by the import or anyone else,
-- is in.

CREATE OR REPLACE FUNCTION vm_card_word_refill() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE card IN SHARE ROW EXCLUSIVE MODE;
  DROP INDEX IF EXISTS vm_card_word_latest;
  TRUNCATE vm_card_word;
  INSERT INTO vm_card_word (word, card_id, last_interaction_at)
  SELECT w.word, c.id, c.last_interaction_at
    FROM card c CROSS JOIN LATERAL unnest(tsvector_to_array(c.search_vector)) w(word);
  PERFORM set_config('maintenance_work_mem', '256MB', true);
  CREATE INDEX vm_card_word_latest ON vm_card_word (word, last_interaction_at DESC NULLS LAST, card_id DESC);
  ALTER TABLE card ENABLE TRIGGER vm_card_word_ins;
  ALTER TABLE card ENABLE TRIGGER vm_card_word_upd;
  ALTER TABLE card ENABLE TRIGGER vm_card_word_del;
  ANALYZE vm_card_word;
END;
$$;
