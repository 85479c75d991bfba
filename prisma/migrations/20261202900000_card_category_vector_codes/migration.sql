-- AlterTable
ALTER TABLE "card_category" ADD COLUMN     "code" bit varying;

-- ---------------------------------------------------------------- hand-written
-- card_category.code is the binary code of the card's stored vector (pgvector's binary_quantize:
-- one bit per dimension, set where the component is positive), NULL while the card has none. A
-- semantic search whose filter is categories (with stages or rounds) ranks the filter's rows by
-- Hamming distance to the query's code in an index-only scan of vm_card_category_code, then
-- re-ranks the best few hundred by their full vectors (server/domain/embeddings/vector-search.ts):
-- reading the vectors of every filtered card instead costs one descent of card_embedding's key
-- per card (about 50 ms for 10,000 cards at a million). The copy is kept by statement triggers on
-- card_embedding (every writer of vectors) and filled for new card_category rows from it.

-- Vectors written, changed or removed: their cards' rows get the new code (or none).
CREATE OR REPLACE FUNCTION vm_card_category_code_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE card_category cc SET code = binary_quantize(n.embedding)::varbit
    FROM vm_new n
   WHERE cc.card_id = n.card_id AND cc.code IS DISTINCT FROM binary_quantize(n.embedding)::varbit;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION vm_card_category_code_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE card_category cc SET code = NULL FROM vm_old o WHERE cc.card_id = o.card_id AND cc.code IS NOT NULL;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION vm_card_category_code_clear_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE card_category SET code = NULL WHERE code IS NOT NULL;
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS vm_card_category_code_ins ON card_embedding;
CREATE TRIGGER vm_card_category_code_ins AFTER INSERT ON card_embedding REFERENCING NEW TABLE AS vm_new
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_category_code_set();
DROP TRIGGER IF EXISTS vm_card_category_code_upd ON card_embedding;
CREATE TRIGGER vm_card_category_code_upd AFTER UPDATE ON card_embedding REFERENCING NEW TABLE AS vm_new
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_category_code_set();
DROP TRIGGER IF EXISTS vm_card_category_code_del ON card_embedding;
CREATE TRIGGER vm_card_category_code_del AFTER DELETE ON card_embedding REFERENCING OLD TABLE AS vm_old
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_category_code_clear();
DROP TRIGGER IF EXISTS vm_card_category_code_trunc ON card_embedding;
CREATE TRIGGER vm_card_category_code_trunc AFTER TRUNCATE ON card_embedding
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_category_code_clear_all();

-- New category rows of a card that has a vector (or rows moved to another card) get its code.
-- A statement trigger: nothing to do while no card has a vector (an import into an empty
-- database); otherwise each new row's vector is looked up by key (a subquery per row, never a
-- scan of every vector), and only the rows of cards that have one are written again.
CREATE OR REPLACE FUNCTION vm_card_category_code_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM card_embedding) THEN
    RETURN NULL;
  END IF;
  UPDATE card_category cc SET code = x.code
    FROM (SELECT n.card_id, n.category_id,
                 (SELECT binary_quantize(e.embedding)::varbit FROM card_embedding e WHERE e.card_id = n.card_id) AS code
            FROM vm_new n OFFSET 0) x
   WHERE cc.card_id = x.card_id AND cc.category_id = x.category_id AND x.code IS NOT NULL
     AND cc.code IS DISTINCT FROM x.code;
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS vm_card_category_code_fill_ins ON card_category;
CREATE TRIGGER vm_card_category_code_fill_ins AFTER INSERT ON card_category REFERENCING NEW TABLE AS vm_new
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_category_code_fill();

CREATE OR REPLACE FUNCTION vm_card_category_code_refill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE card_category cc SET code = (SELECT binary_quantize(e.embedding)::varbit FROM card_embedding e WHERE e.card_id = NEW.card_id)
   WHERE cc.card_id = NEW.card_id AND cc.category_id = NEW.category_id;
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS vm_card_category_code_fill_upd ON card_category;
CREATE TRIGGER vm_card_category_code_fill_upd AFTER UPDATE OF card_id ON card_category
  FOR EACH ROW WHEN (OLD.card_id IS DISTINCT FROM NEW.card_id) EXECUTE FUNCTION vm_card_category_code_refill();

-- A change of code is not a change of the card data: the card data version (vm_card_changes) and
-- card.category_ids follow only the columns they copy.
DROP TRIGGER IF EXISTS vm_card_changes_any ON card_category;
CREATE TRIGGER vm_card_changes_any AFTER INSERT OR UPDATE OF card_id, category_id, stage_id, round_id OR DELETE OR TRUNCATE ON card_category
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_changes_any();

-- (An UPDATE of card, even of no row, is a change of the card data: it runs only for cards whose
-- category ids changed.)
CREATE OR REPLACE FUNCTION vm_card_category_ids_both() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed int[] := ARRAY(
    SELECT DISTINCT card_id FROM ((SELECT card_id, category_id FROM vm_old EXCEPT ALL SELECT card_id, category_id FROM vm_new)
                         UNION (SELECT card_id, category_id FROM vm_new EXCEPT ALL SELECT card_id, category_id FROM vm_old)) d);
BEGIN
  IF cardinality(changed) > 0 THEN
    PERFORM vm_card_category_ids_sync(changed);
  END IF;
  RETURN NULL;
END;
$$;

-- The codes of the vectors already stored, then the index over them.
UPDATE card_category cc SET code = binary_quantize(e.embedding)::varbit FROM card_embedding e WHERE e.card_id = cc.card_id;

CREATE INDEX IF NOT EXISTS vm_card_category_code ON card_category (category_id, stage_id) INCLUDE (round_id, card_id, code)
  WHERE code IS NOT NULL;
