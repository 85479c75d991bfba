-- Written by hand (vm_* objects; the drift check ignores them).
--
-- An UPDATE of many cards in one statement (5,000 cards: several minutes at a million cards) is
-- linear again. Two causes, same behaviour after:
--
-- 1. The statement triggers on card that join the statement's old and new rows (vm_card_word_upd,
--    vm_card_participant_latest) ran their statements as static PL/pgSQL SQL, whose plan the
--    session caches at the first call and keeps (they have no parameters, so it is never planned
--    again). Planned for a statement that changed a row or none, the join of vm_old and vm_new is a
--    nested loop; a later statement of 5,000 cards through the same connection then compared every
--    old row with every new one, for each word of each card (225 million comparisons of search
--    vectors). They now run through EXECUTE: planned at each call with the real number of rows
--    (a hash join), for a planning cost of about a millisecond per statement.
--
-- 2. vm_card_stage_round_sync_trg was a row trigger: each card whose stage or round changed ran
--    its own UPDATE of card_category, and each such statement fired card_category's statement
--    triggers (the card data version, vm_card_category_ids_sync), whose UPDATE of card (of no row)
--    fired card's statement triggers again: about ten statements per card. It is now one statement
--    trigger (transition tables allow no column list, so it fires on every UPDATE of card and
--    copies only the cards whose stage or round changed).

CREATE OR REPLACE FUNCTION vm_card_word_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$
    DELETE FROM vm_card_word cw
     USING vm_old o JOIN vm_new n ON n.id = o.id
           CROSS JOIN LATERAL unnest(tsvector_to_array(o.search_vector)) w(word)
     WHERE (o.search_vector IS DISTINCT FROM n.search_vector OR o.last_interaction_at IS DISTINCT FROM n.last_interaction_at)
       AND o.last_interaction_at IS NOT NULL
       AND cw.word = w.word AND cw.last_interaction_at = o.last_interaction_at AND cw.card_id = o.id $q$;
  EXECUTE $q$
    DELETE FROM vm_card_word cw
     USING vm_old o JOIN vm_new n ON n.id = o.id
           CROSS JOIN LATERAL unnest(tsvector_to_array(o.search_vector)) w(word)
     WHERE (o.search_vector IS DISTINCT FROM n.search_vector OR o.last_interaction_at IS DISTINCT FROM n.last_interaction_at)
       AND o.last_interaction_at IS NULL
       AND cw.word = w.word AND cw.last_interaction_at IS NULL AND cw.card_id = o.id $q$;
  EXECUTE $q$
    INSERT INTO vm_card_word (word, card_id, last_interaction_at)
    SELECT w.word, n.id, n.last_interaction_at
      FROM vm_old o JOIN vm_new n ON n.id = o.id
           CROSS JOIN LATERAL unnest(tsvector_to_array(n.search_vector)) w(word)
     WHERE o.search_vector IS DISTINCT FROM n.search_vector OR o.last_interaction_at IS DISTINCT FROM n.last_interaction_at $q$;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION vm_card_participant_latest() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$
    UPDATE vm_card_participant cp SET last_interaction_at = n.last_interaction_at
      FROM vm_new n JOIN vm_old o ON o.id = n.id
     WHERE cp.card_id = n.id
       AND n.last_interaction_at IS DISTINCT FROM o.last_interaction_at
       AND cp.last_interaction_at IS DISTINCT FROM n.last_interaction_at $q$;
  RETURN NULL;
END;
$$;

-- The cards whose stage or round changed, copied to their card_category rows in one statement.
-- Nothing is written when none changed: card_category's triggers then stay quiet, as they did
-- with the row trigger, and the UPDATE of card that vm_card_category_ids_sync makes (of no row,
-- as a card's categories do not change with its stage) ends here instead of firing this again.
CREATE OR REPLACE FUNCTION vm_card_stage_round_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed boolean;
BEGIN
  EXECUTE $q$
    SELECT EXISTS (SELECT 1 FROM vm_new n JOIN vm_old o ON o.id = n.id
                    WHERE (o.stage_id, o.round_id) IS DISTINCT FROM (n.stage_id, n.round_id)) $q$ INTO changed;
  IF changed THEN
    EXECUTE $q$
      UPDATE card_category cc SET stage_id = n.stage_id, round_id = n.round_id
        FROM vm_new n JOIN vm_old o ON o.id = n.id
       WHERE (o.stage_id, o.round_id) IS DISTINCT FROM (n.stage_id, n.round_id)
         AND cc.card_id = n.id AND (cc.stage_id, cc.round_id) IS DISTINCT FROM (n.stage_id, n.round_id) $q$;
  END IF;
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS vm_card_stage_round_sync_trg ON card;
CREATE TRIGGER vm_card_stage_round_sync_trg
  AFTER UPDATE ON card REFERENCING OLD TABLE AS vm_old NEW TABLE AS vm_new
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_stage_round_sync();
