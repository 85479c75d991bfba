-- AlterTable
ALTER TABLE "card" ADD COLUMN     "category_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[];

-- Written by hand below (vm_* objects; the drift check ignores them).
--
-- card.category_ids is a copy of the card's rows in card_category (their category ids,
-- ascending), so that the card list filters by category without a lookup per card: its default
-- order's index (vm_card_latest_signal) carries it, and a page of "two stages and a category"
-- walks that index alone. At a million cards the page's statement took about 0.35 ms to probe
-- card_category for the ~140 cards of the right stages it walked, and 0.5 ms to plan the
-- semi-join. Statement triggers on card_category keep the copy right, whoever writes; they
-- change only the cards whose set differs, so an import that writes the copy with the card (as
-- server/domain/import/write-cards.ts does) leaves them nothing to do.

CREATE OR REPLACE FUNCTION vm_card_category_ids_sync(p_cards int[]) RETURNS void LANGUAGE sql AS $$
  UPDATE card c SET category_ids = x.ids
    FROM (SELECT id, ARRAY(SELECT cc.category_id FROM card_category cc WHERE cc.card_id = k.id ORDER BY cc.category_id) AS ids
            FROM unnest(p_cards) AS k(id)) x
   WHERE c.id = x.id AND c.category_ids IS DISTINCT FROM x.ids;
$$;

CREATE OR REPLACE FUNCTION vm_card_category_ids_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vm_card_category_ids_sync(ARRAY(SELECT DISTINCT card_id FROM vm_new));
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION vm_card_category_ids_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vm_card_category_ids_sync(ARRAY(SELECT DISTINCT card_id FROM vm_old));
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION vm_card_category_ids_both() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vm_card_category_ids_sync(ARRAY(SELECT card_id FROM vm_old UNION SELECT card_id FROM vm_new));
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION vm_card_category_ids_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE card SET category_ids = '{}' WHERE category_ids IS DISTINCT FROM '{}';
  RETURN NULL;
END;
$$;

CREATE TRIGGER vm_card_category_ids_ins AFTER INSERT ON card_category REFERENCING NEW TABLE AS vm_new
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_category_ids_new();
CREATE TRIGGER vm_card_category_ids_upd AFTER UPDATE ON card_category REFERENCING OLD TABLE AS vm_old NEW TABLE AS vm_new
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_category_ids_both();
CREATE TRIGGER vm_card_category_ids_del AFTER DELETE ON card_category REFERENCING OLD TABLE AS vm_old
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_category_ids_old();
CREATE TRIGGER vm_card_category_ids_trunc AFTER TRUNCATE ON card_category
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_category_ids_clear();

-- The copy of the cards already there (the index that will carry it is dropped first, so that
-- the update does not maintain it); the lock keeps writers of categories out until the commit.
LOCK TABLE card_category IN SHARE ROW EXCLUSIVE MODE;
DROP INDEX IF EXISTS vm_card_latest_signal;
UPDATE card c SET category_ids = x.ids
  FROM (SELECT card_id, array_agg(category_id ORDER BY category_id) AS ids FROM card_category GROUP BY card_id) x
 WHERE c.id = x.card_id;
UPDATE card SET category_ids = '{}' WHERE category_ids IS NULL;

SET LOCAL maintenance_work_mem = '256MB';
CREATE INDEX vm_card_latest_signal ON card (last_interaction_at DESC NULLS LAST, id DESC)
  INCLUDE (stage_id, round_id, location_id, earliest_source_type_id, created_at, updated_at, first_interaction_at,
           interactions_count, featured, trending, web3, web2, category_ids);

-- A list page's rows take the card's copy instead of reading card_category (vm_card_rows,
-- migration 20261125090000).
CREATE OR REPLACE FUNCTION vm_card_rows(p_ids int[], p_account int) RETURNS text
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN (
    SELECT coalesce(json_agg(r ORDER BY r.pos), '[]')::text
    FROM (
      SELECT k.pos, c.id, c.slug, c.name, c.description, c.image, c.url, c.stage_id, c.round_id, c.location_id,
        c.trending, c.open_to_intro, to_char(c.last_round, 'YYYY-MM-DD') AS last_round, c.social_links,
        to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
        to_char(c.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at,
        c.interactions_count,
        to_char(c.first_interaction_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS first_interaction_at,
        to_char(c.last_interaction_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_interaction_at,
        c.category_ids,
        EXISTS (SELECT 1 FROM intro_request ir WHERE ir.account_id = p_account AND ir.card_id = c.id) AS has_intro_request
      FROM unnest(p_ids) WITH ORDINALITY AS k(id, pos)
      JOIN card c ON c.id = k.id
    ) r
  );
END;
$$;
