-- Written by hand (vm_* objects; the drift check ignores them).
--
-- The words of each card, for text-search pages of the card list in the default order
-- (server/domain/cards/search.ts): one row per card and lexeme of its search_vector (the words of
-- its name and description, 'simple' configuration), with a copy of the card's
-- last_interaction_at. A page of the cards whose words start with a prefix is then the first
-- entries of the index ranges of the few words that start with it, where before the card sort
-- index was walked and every card on the way checked against the query: at a million cards,
-- about 2,400 cards for a page of 20 for a word that 1 % of the cards hold.
--
-- Nobody writes the table: statement triggers on card (insert, update, delete, truncate) keep it
-- equal to what card says, whatever writes it. No foreign key: a card deleted takes its rows with
-- it through the delete trigger.
--
-- `word` compares byte by byte (COLLATE "C"), so that the words starting with a prefix are one
-- range of the index whatever the database's collation.

CREATE TABLE vm_card_word (
  word                text COLLATE "C" NOT NULL,
  card_id             int NOT NULL,
  last_interaction_at timestamptz
);

-- The rows of new cards (transition table vm_new).
CREATE OR REPLACE FUNCTION vm_card_word_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO vm_card_word (word, card_id, last_interaction_at)
  SELECT w.word, n.id, n.last_interaction_at
    FROM vm_new n CROSS JOIN LATERAL unnest(tsvector_to_array(n.search_vector)) w(word);
  RETURN NULL;
END;
$$;

-- The rows of removed cards (vm_old), found through the index by their whole key: the word, the
-- copied last_interaction_at (NULL looked up as IS NULL, which the index can search) and the card.
CREATE OR REPLACE FUNCTION vm_card_word_drop() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM vm_card_word cw
   USING vm_old o CROSS JOIN LATERAL unnest(tsvector_to_array(o.search_vector)) w(word)
   WHERE o.last_interaction_at IS NOT NULL
     AND cw.word = w.word AND cw.last_interaction_at = o.last_interaction_at AND cw.card_id = o.id;
  DELETE FROM vm_card_word cw
   USING vm_old o CROSS JOIN LATERAL unnest(tsvector_to_array(o.search_vector)) w(word)
   WHERE o.last_interaction_at IS NULL
     AND cw.word = w.word AND cw.last_interaction_at IS NULL AND cw.card_id = o.id;
  RETURN NULL;
END;
$$;

-- Cards whose words or last_interaction_at changed: their rows are written again (every row
-- changes its index key either way).
CREATE OR REPLACE FUNCTION vm_card_word_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM vm_card_word cw
   USING vm_old o JOIN vm_new n ON n.id = o.id
         CROSS JOIN LATERAL unnest(tsvector_to_array(o.search_vector)) w(word)
   WHERE (o.search_vector IS DISTINCT FROM n.search_vector OR o.last_interaction_at IS DISTINCT FROM n.last_interaction_at)
     AND o.last_interaction_at IS NOT NULL
     AND cw.word = w.word AND cw.last_interaction_at = o.last_interaction_at AND cw.card_id = o.id;
  DELETE FROM vm_card_word cw
   USING vm_old o JOIN vm_new n ON n.id = o.id
         CROSS JOIN LATERAL unnest(tsvector_to_array(o.search_vector)) w(word)
   WHERE (o.search_vector IS DISTINCT FROM n.search_vector OR o.last_interaction_at IS DISTINCT FROM n.last_interaction_at)
     AND o.last_interaction_at IS NULL
     AND cw.word = w.word AND cw.last_interaction_at IS NULL AND cw.card_id = o.id;
  INSERT INTO vm_card_word (word, card_id, last_interaction_at)
  SELECT w.word, n.id, n.last_interaction_at
    FROM vm_old o JOIN vm_new n ON n.id = o.id
         CROSS JOIN LATERAL unnest(tsvector_to_array(n.search_vector)) w(word)
   WHERE o.search_vector IS DISTINCT FROM n.search_vector OR o.last_interaction_at IS DISTINCT FROM n.last_interaction_at;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION vm_card_word_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE vm_card_word;
  RETURN NULL;
END;
$$;

CREATE TRIGGER vm_card_word_ins AFTER INSERT ON card REFERENCING NEW TABLE AS vm_new
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_word_add();
CREATE TRIGGER vm_card_word_upd AFTER UPDATE ON card REFERENCING OLD TABLE AS vm_old NEW TABLE AS vm_new
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_word_change();
CREATE TRIGGER vm_card_word_del AFTER DELETE ON card REFERENCING OLD TABLE AS vm_old
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_word_drop();
CREATE TRIGGER vm_card_word_trunc AFTER TRUNCATE ON card
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_word_clear();

-- Its writes need no card-data-version trigger of their own (vm_card_list): each happens in the
-- statement that wrote card, whose own triggers move the version.

-- The rows of the cards already there; the lock keeps writers of cards out until the migration
-- commits.
LOCK TABLE card IN SHARE ROW EXCLUSIVE MODE;
INSERT INTO vm_card_word (word, card_id, last_interaction_at)
SELECT w.word, c.id, c.last_interaction_at
  FROM card c CROSS JOIN LATERAL unnest(tsvector_to_array(c.search_vector)) w(word);

SET LOCAL maintenance_work_mem = '256MB';
-- The card list's default order within one word (card.vm_card_latest_signal's order). The
-- triggers find a card's rows by this whole key too, so a bulk import keeps it (it is not deferred
-- with card's indexes: server/domain/import/import-jsonl.ts).
CREATE INDEX vm_card_word_latest ON vm_card_word (word, last_interaction_at DESC NULLS LAST, card_id DESC);
