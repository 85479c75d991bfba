-- Written by hand (vm_* objects; the drift check ignores them).
--
-- The rows of a card list page as one JSON text value, in the order of `p_ids`
-- (server/domain/cards/rows.ts, pageSql). The page statement chooses the ids (its filter and
-- sort must be planned for each request's values) and calls this function for the rows, whose
-- statement is the same for every page: a PL/pgSQL function keeps its plan for the session, so
-- the rows are no longer planned on every request (about 0.25 ms of PostgreSQL per request at a
-- million cards, a quarter of a sort=trending page). The service runs its connections with
-- plan_cache_mode=force_custom_plan (server/db/client.ts); the function sets the generic plan for
-- itself, which is safe here: its only parameters are the ids to look up and the account.
--
-- The columns are those of CARD_COLUMNS in server/domain/cards/format.ts plus category_ids and
-- has_intro_request (rows.ts, COLUMNS); a test compares both for the same cards.

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
        ARRAY(SELECT cc.category_id FROM card_category cc WHERE cc.card_id = c.id ORDER BY cc.category_id) AS category_ids,
        EXISTS (SELECT 1 FROM intro_request ir WHERE ir.account_id = p_account AND ir.card_id = c.id) AS has_intro_request
      FROM unnest(p_ids) WITH ORDINALITY AS k(id, pos)
      JOIN card c ON c.id = k.id
    ) r
  );
END;
$$;
