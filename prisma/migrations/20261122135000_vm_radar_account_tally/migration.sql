-- Written by hand (objects named vm_*; the drift check ignores them). The updates feed's total
-- without a connection or tracking filter (its first page, the common request) sums an
-- account-level tally: a few rows per account (source x change type) instead of one row per
-- connection and change type (vm_radar_update_tally, which stays for the connection filters).
-- change_type '' stands for null, as in vm_radar_update_tally.

CREATE TABLE IF NOT EXISTS vm_radar_update_account_tally (
  account_id  integer NOT NULL,
  source      text    NOT NULL,
  change_type text    NOT NULL,
  n           bigint  NOT NULL DEFAULT 0,
  CONSTRAINT vm_radar_update_account_tally_pkey PRIMARY KEY (account_id, source, change_type)
);

-- Both tallies move in the same statement trigger. Rows are locked in key order (ORDER BY), so
-- two writers of one account's updates cannot deadlock on the tally rows.
CREATE OR REPLACE FUNCTION vm_radar_update_tally_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO vm_radar_update_tally AS t (account_id, source, connection_id, change_type, n)
  SELECT r.account_id, r.source, r.connection_id, coalesce(r.change_type, ''), count(*)
    FROM vm_added r
   GROUP BY 1, 2, 3, 4
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (account_id, source, connection_id, change_type) DO UPDATE SET n = t.n + EXCLUDED.n;
  INSERT INTO vm_radar_update_account_tally AS t (account_id, source, change_type, n)
  SELECT r.account_id, r.source, coalesce(r.change_type, ''), count(*)
    FROM vm_added r
   GROUP BY 1, 2, 3
   ORDER BY 1, 2, 3
  ON CONFLICT (account_id, source, change_type) DO UPDATE SET n = t.n + EXCLUDED.n;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION vm_radar_update_tally_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE vm_radar_update_tally t SET n = t.n - d.n
    FROM (SELECT r.account_id, r.source, r.connection_id, coalesce(r.change_type, '') AS change_type, count(*) AS n
            FROM vm_removed r GROUP BY 1, 2, 3, 4) d
   WHERE t.account_id = d.account_id AND t.source = d.source
     AND t.connection_id = d.connection_id AND t.change_type = d.change_type;
  UPDATE vm_radar_update_account_tally t SET n = t.n - d.n
    FROM (SELECT r.account_id, r.source, coalesce(r.change_type, '') AS change_type, count(*) AS n
            FROM vm_removed r GROUP BY 1, 2, 3) d
   WHERE t.account_id = d.account_id AND t.source = d.source AND t.change_type = d.change_type;
  RETURN NULL;
END;
$$;

-- A TRUNCATE of the updates empties both tallies (the row triggers above do not see it).
CREATE OR REPLACE FUNCTION vm_radar_update_tally_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM vm_radar_update_tally;
  DELETE FROM vm_radar_update_account_tally;
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS vm_radar_update_tally_reset_trg ON radar_update;
CREATE TRIGGER vm_radar_update_tally_reset_trg
  AFTER TRUNCATE ON radar_update
  FOR EACH STATEMENT EXECUTE FUNCTION vm_radar_update_tally_reset();

-- Updates stored before this migration.
INSERT INTO vm_radar_update_account_tally (account_id, source, change_type, n)
SELECT account_id, source, coalesce(change_type, ''), count(*)
  FROM radar_update GROUP BY 1, 2, 3
ON CONFLICT (account_id, source, change_type) DO NOTHING;
