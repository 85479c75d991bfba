-- Written by hand (vm_* objects; the drift check ignores them).
--
-- The tables that triggers fill, written in one go after a bulk import into the empty table
-- their triggers sit on (server/domain/import/trigger-tables.ts): vm_card_word from card
-- (migration 20261124090000) and vm_card_participant from interaction (migration
-- 20261123120000). Kept by the row triggers, a million cards and ten million interactions cost
-- tens of millions of single-row inserts at random places of indexes that outgrow the buffer pool.
-- Such an import switches off the triggers that add and change rows, and records the refill in
-- vm_deferred_index in the same transaction; the refill, run from that record once the load is in
-- (or at the next start, after a crash), writes every row from scratch, builds the indexes over
-- them once and switches the triggers back on, all in one transaction under a lock that keeps
-- writers of the source table out: whatever was written meanwhile, by the import or anyone else,
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

-- card is locked too: its last_interaction_at is copied, and its updates move the copies
-- (vm_card_participant_latest).
CREATE OR REPLACE FUNCTION vm_card_participant_refill() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE interaction, card IN SHARE ROW EXCLUSIVE MODE;
  ALTER TABLE vm_card_participant DROP CONSTRAINT IF EXISTS vm_card_participant_pkey;
  DROP INDEX IF EXISTS vm_card_participant_latest;
  TRUNCATE vm_card_participant;
  INSERT INTO vm_card_participant (card_id, participant_id, last_interaction_at)
  SELECT p.card_id, p.participant_id, c.last_interaction_at
    FROM (SELECT card_id, participant_id FROM interaction
           UNION
          SELECT card_id, associated_participant_id FROM interaction WHERE associated_participant_id IS NOT NULL) p
    JOIN card c ON c.id = p.card_id;
  PERFORM set_config('maintenance_work_mem', '256MB', true);
  ALTER TABLE vm_card_participant ADD PRIMARY KEY (card_id, participant_id);
  CREATE INDEX vm_card_participant_latest
    ON vm_card_participant (participant_id, last_interaction_at DESC NULLS LAST, card_id DESC);
  ALTER TABLE interaction ENABLE TRIGGER vm_card_participant_ins;
  ALTER TABLE interaction ENABLE TRIGGER vm_card_participant_del;
  ALTER TABLE interaction ENABLE TRIGGER vm_card_participant_upd_old;
  ALTER TABLE interaction ENABLE TRIGGER vm_card_participant_upd_new;
  ANALYZE vm_card_participant;
END;
$$;
