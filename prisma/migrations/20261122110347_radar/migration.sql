-- Written by hand (objects named vm_*; the drift check ignores them). Radar: identifier resolution
-- of the dataset connector and the totals of the updates feed.

-- A network_a username is the last path segment of a profile URL (query, fragment and trailing
-- slashes removed), compared lower-cased. The expression must stay identical to
-- server/domain/radar/connectors/dataset.ts for the planner to use the index.
CREATE OR REPLACE FUNCTION vm_network_a_slug(url text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(substring(rtrim(split_part(split_part(url, '?', 1), '#', 1), '/') from '([^/]+)$')) $$;

CREATE INDEX IF NOT EXISTS vm_profile_network_a_slug ON profile (vm_network_a_slug(network_a_url));

-- network_b usernames are matched case-insensitively.
CREATE INDEX IF NOT EXISTS vm_network_b_profile_username_lower ON network_b_profile (lower(username));

-- Number of updates per (account, source, connection, change type), kept by statement triggers on
-- radar_update: the feed's pagination.total is a sum over at most a few rows per connection
-- instead of a count over every stored update. change_type '' stands for null.
CREATE TABLE IF NOT EXISTS vm_radar_update_tally (
  account_id    integer NOT NULL,
  source        text    NOT NULL,
  connection_id integer NOT NULL,
  change_type   text    NOT NULL,
  n             bigint  NOT NULL DEFAULT 0,
  CONSTRAINT vm_radar_update_tally_pkey PRIMARY KEY (account_id, source, connection_id, change_type),
  CONSTRAINT vm_radar_update_tally_connection_fkey FOREIGN KEY (connection_id)
    REFERENCES radar_connection (id) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS vm_radar_update_tally_connection ON vm_radar_update_tally (connection_id);

CREATE OR REPLACE FUNCTION vm_radar_update_tally_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO vm_radar_update_tally AS t (account_id, source, connection_id, change_type, n)
  SELECT r.account_id, r.source, r.connection_id, coalesce(r.change_type, ''), count(*)
    FROM vm_added r
   GROUP BY 1, 2, 3, 4
  ON CONFLICT (account_id, source, connection_id, change_type) DO UPDATE SET n = t.n + EXCLUDED.n;
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
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS vm_radar_update_tally_add_trg ON radar_update;
CREATE TRIGGER vm_radar_update_tally_add_trg
  AFTER INSERT ON radar_update REFERENCING NEW TABLE AS vm_added
  FOR EACH STATEMENT EXECUTE FUNCTION vm_radar_update_tally_add();

DROP TRIGGER IF EXISTS vm_radar_update_tally_remove_trg ON radar_update;
CREATE TRIGGER vm_radar_update_tally_remove_trg
  AFTER DELETE ON radar_update REFERENCING OLD TABLE AS vm_removed
  FOR EACH STATEMENT EXECUTE FUNCTION vm_radar_update_tally_remove();

-- Updates stored before this migration.
INSERT INTO vm_radar_update_tally (account_id, source, connection_id, change_type, n)
SELECT account_id, source, connection_id, coalesce(change_type, ''), count(*)
  FROM radar_update GROUP BY 1, 2, 3, 4
ON CONFLICT (account_id, source, connection_id, change_type) DO NOTHING;
