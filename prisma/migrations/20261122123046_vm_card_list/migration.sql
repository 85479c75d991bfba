-- ---------------------------------------------------------------- hand-written
-- Card list performance (GET /v1/cards/): everything here is a `vm_*` object, outside the drift check.
-- See server/domain/cards/count.ts, count-cache.ts and rows.ts for the queries these serve.
-- Idempotent. It also removes the objects of a draft of it (vm_card_total) from databases that ran
-- that draft under the name 20261122112607_vm_card_list.

DROP TRIGGER IF EXISTS vm_card_total_ins ON card;
DROP TRIGGER IF EXISTS vm_card_total_del ON card;
DROP TRIGGER IF EXISTS vm_card_total_trunc ON card;
DROP FUNCTION IF EXISTS vm_card_total_add();
DROP FUNCTION IF EXISTS vm_card_total_sub();
DROP FUNCTION IF EXISTS vm_card_total_reset();
DROP TABLE IF EXISTS vm_card_total;

-- 1. card_category.stage_id / round_id are copies of the card's stage and round, so that a category
--    filter combined with stages or rounds counts by an index-only scan of card_category alone.
--    Writers may set them (an importer that knows them saves the lookup); a row inserted with both
--    NULL gets them from its card, and a change of a card's stage or round is copied to its rows.

CREATE OR REPLACE FUNCTION vm_card_category_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.stage_id, c.round_id INTO NEW.stage_id, NEW.round_id FROM card c WHERE c.id = NEW.card_id;
  RETURN NEW;
END;
$$;

DROP TRIGGER IF EXISTS vm_card_category_fill_ins ON card_category;
CREATE TRIGGER vm_card_category_fill_ins
  BEFORE INSERT ON card_category
  FOR EACH ROW WHEN (NEW.stage_id IS NULL AND NEW.round_id IS NULL)
  EXECUTE FUNCTION vm_card_category_fill();

DROP TRIGGER IF EXISTS vm_card_category_fill_upd ON card_category;
CREATE TRIGGER vm_card_category_fill_upd
  BEFORE UPDATE OF card_id ON card_category
  FOR EACH ROW EXECUTE FUNCTION vm_card_category_fill();

CREATE OR REPLACE FUNCTION vm_card_stage_round_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE card_category SET stage_id = NEW.stage_id, round_id = NEW.round_id
  WHERE card_id = NEW.id AND (stage_id, round_id) IS DISTINCT FROM (NEW.stage_id, NEW.round_id);
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS vm_card_stage_round_sync_trg ON card;
CREATE TRIGGER vm_card_stage_round_sync_trg
  AFTER UPDATE OF stage_id, round_id ON card
  FOR EACH ROW WHEN (OLD.stage_id IS DISTINCT FROM NEW.stage_id OR OLD.round_id IS DISTINCT FROM NEW.round_id)
  EXECUTE FUNCTION vm_card_stage_round_sync();

UPDATE card_category cc SET stage_id = c.stage_id, round_id = c.round_id
FROM card c
WHERE c.id = cc.card_id AND (cc.stage_id, cc.round_id) IS DISTINCT FROM (c.stage_id, c.round_id);

CREATE INDEX IF NOT EXISTS vm_card_category_stage ON card_category (category_id, stage_id, card_id);
CREATE INDEX IF NOT EXISTS vm_card_category_round ON card_category (category_id, round_id, card_id);

-- 2. Card data version and card total, for exact totals without counting on every request.
--    Every write statement on the tables a card list reads appends one row (changes = 1, cards =
--    the net number of cards it added), so `sum(changes)` changes with every committed write and
--    `sum(cards)` is the number of cards. Appending takes no lock another writer waits for (the
--    importer writes in concurrent lanes); rows are folded together now and then.
--    server/domain/cards/count-cache.ts reads them: a total counted at version V stays right while
--    the version is V.

CREATE TABLE IF NOT EXISTS vm_card_changes (
  changes bigint NOT NULL,
  cards   bigint NOT NULL
);

-- Folds the rows no other transaction is folding into one (SKIP LOCKED: never waits, never deadlocks).
CREATE OR REPLACE FUNCTION vm_card_changes_fold() RETURNS void LANGUAGE sql AS $$
  WITH gone AS (
    DELETE FROM vm_card_changes
    WHERE ctid = ANY(ARRAY(SELECT ctid FROM vm_card_changes FOR UPDATE SKIP LOCKED))
    RETURNING changes, cards
  )
  INSERT INTO vm_card_changes (changes, cards)
  SELECT sum(changes), sum(cards) FROM gone HAVING count(*) > 0;
$$;

CREATE OR REPLACE FUNCTION vm_card_changes_add(delta bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO vm_card_changes (changes, cards) VALUES (1, delta);
  IF random() < 0.02 THEN PERFORM vm_card_changes_fold(); END IF;
END;
$$;

CREATE OR REPLACE FUNCTION vm_card_changes_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vm_card_changes_add((SELECT count(*) FROM vm_changed));
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION vm_card_changes_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vm_card_changes_add(-(SELECT count(*) FROM vm_changed));
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION vm_card_changes_any() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TRUNCATE of card holds an exclusive lock: no other card write is in flight.
  PERFORM vm_card_changes_add((CASE WHEN TG_OP = 'TRUNCATE' AND TG_TABLE_NAME = 'card'
    THEN -(SELECT COALESCE(sum(cards), 0) FROM vm_card_changes) ELSE 0 END)::bigint);
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS vm_card_changes_ins ON card;
CREATE TRIGGER vm_card_changes_ins AFTER INSERT ON card REFERENCING NEW TABLE AS vm_changed
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_changes_ins();
DROP TRIGGER IF EXISTS vm_card_changes_del ON card;
CREATE TRIGGER vm_card_changes_del AFTER DELETE ON card REFERENCING OLD TABLE AS vm_changed
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_changes_del();
DROP TRIGGER IF EXISTS vm_card_changes_upd ON card;
CREATE TRIGGER vm_card_changes_upd AFTER UPDATE OR TRUNCATE ON card
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_changes_any();
DROP TRIGGER IF EXISTS vm_card_changes_any ON card_category;
CREATE TRIGGER vm_card_changes_any AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON card_category
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_changes_any();
DROP TRIGGER IF EXISTS vm_card_changes_any ON interaction;
CREATE TRIGGER vm_card_changes_any AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON interaction
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_changes_any();
DROP TRIGGER IF EXISTS vm_card_changes_any ON folder_card;
CREATE TRIGGER vm_card_changes_any AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON folder_card
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_changes_any();

-- The starting row, counted after the triggers exist; the lock keeps card writers out until then.
LOCK TABLE card IN SHARE ROW EXCLUSIVE MODE;
WITH old AS (DELETE FROM vm_card_changes RETURNING changes)
INSERT INTO vm_card_changes (changes, cards)
SELECT COALESCE((SELECT sum(changes) FROM old), 0) + 1, (SELECT count(*) FROM card);

-- 3. Sort orders of the card list (latest_signal_date is last_interaction_at with nulls last).

-- The default order covers the card's filter columns: a filtered page walks it without reading
-- the rows it skips (index-only scan; rows are read for the page only).
DROP INDEX IF EXISTS vm_card_latest_signal;
CREATE INDEX vm_card_latest_signal ON card (last_interaction_at DESC NULLS LAST, id DESC)
  INCLUDE (stage_id, round_id, location_id, earliest_source_type_id, created_at, updated_at, first_interaction_at,
           interactions_count, featured, trending, web3, web2);
CREATE INDEX IF NOT EXISTS vm_card_trending_sort ON card (interactions_count DESC, last_interaction_at DESC NULLS LAST, id DESC);
CREATE INDEX IF NOT EXISTS vm_card_most_active ON card (updated_at DESC, interactions_count DESC, id DESC);

-- 4. Filters: a region (its location ids) with a date range counts by an index-only scan; the
--    participants filter also matches the associated participant; featured and trending lists.

CREATE INDEX IF NOT EXISTS vm_card_location_created ON card (location_id, created_at);
CREATE INDEX IF NOT EXISTS vm_interaction_assoc_card ON interaction (associated_participant_id, card_id)
  WHERE associated_participant_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS vm_card_featured ON card (last_interaction_at DESC NULLS LAST, id DESC) WHERE featured;
CREATE INDEX IF NOT EXISTS vm_card_trending_flag ON card (last_interaction_at DESC NULLS LAST, id DESC) WHERE trending;
