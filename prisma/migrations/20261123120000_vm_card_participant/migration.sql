-- Written by hand (vm_* objects; the drift check ignores them).
--
-- The participants of each card, for the participants filter of the card list
-- (server/domain/cards/participant-filter.ts): one row per card and participant where the
-- participant is the participant or the associated participant of one of the card's interactions,
-- with a copy of the card's last_interaction_at. A page of one participant's cards in the default
-- order (latest_signal_date:desc) is then the first entries of one index range, where before the
-- participant's whole set of cards (11,000 at a million cards) was gathered and hashed, then the
-- card sort index walked against it. The set itself (counts, semantic search) is one index range
-- too, instead of two index scans of interaction deduplicated.
--
-- Nobody writes the table: statement triggers on interaction (insert, update, delete, truncate)
-- and on card (a change of last_interaction_at) keep it equal to what interaction and card say,
-- whatever writes them (the importer, fixtures, foreign-key cascades). No foreign keys: a card or
-- participant deleted takes its interactions with it, and their delete trigger takes the rows.

-- Its key and index are made after the rows of the data already there are in (the end).
CREATE TABLE vm_card_participant (
  card_id             int NOT NULL,
  participant_id      int NOT NULL,
  last_interaction_at timestamptz
);

-- The pairs (card, participant) of new interaction rows (transition table vm_new).
CREATE OR REPLACE FUNCTION vm_card_participant_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO vm_card_participant (card_id, participant_id, last_interaction_at)
  SELECT DISTINCT n.card_id, v.participant_id, c.last_interaction_at
    FROM vm_new n
    CROSS JOIN LATERAL (VALUES (n.participant_id), (n.associated_participant_id)) v(participant_id)
    JOIN card c ON c.id = n.card_id
   WHERE v.participant_id IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;

-- The pairs of removed interaction rows (vm_old) go when no interaction of the card names the
-- participant any more.
CREATE OR REPLACE FUNCTION vm_card_participant_drop() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM vm_card_participant cp
   USING (SELECT DISTINCT o.card_id, v.participant_id
            FROM vm_old o
            CROSS JOIN LATERAL (VALUES (o.participant_id), (o.associated_participant_id)) v(participant_id)
           WHERE v.participant_id IS NOT NULL) d
   WHERE cp.card_id = d.card_id AND cp.participant_id = d.participant_id
     AND NOT EXISTS (SELECT 1 FROM interaction i
                      WHERE i.card_id = d.card_id
                        AND (i.participant_id = d.participant_id OR i.associated_participant_id = d.participant_id));
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION vm_card_participant_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE vm_card_participant;
  RETURN NULL;
END;
$$;

-- The copy of the card's last_interaction_at.
CREATE OR REPLACE FUNCTION vm_card_participant_latest() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE vm_card_participant cp SET last_interaction_at = n.last_interaction_at
    FROM vm_new n JOIN vm_old o ON o.id = n.id
   WHERE cp.card_id = n.id
     AND n.last_interaction_at IS DISTINCT FROM o.last_interaction_at
     AND cp.last_interaction_at IS DISTINCT FROM n.last_interaction_at;
  RETURN NULL;
END;
$$;

CREATE TRIGGER vm_card_participant_ins AFTER INSERT ON interaction REFERENCING NEW TABLE AS vm_new
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_participant_add();
CREATE TRIGGER vm_card_participant_del AFTER DELETE ON interaction REFERENCING OLD TABLE AS vm_old
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_participant_drop();
-- An update is a delete of the old pairs and an insert of the new ones (two triggers: one
-- statement's transition tables are visible to each).
CREATE TRIGGER vm_card_participant_upd_old AFTER UPDATE ON interaction REFERENCING OLD TABLE AS vm_old
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_participant_drop();
CREATE TRIGGER vm_card_participant_upd_new AFTER UPDATE ON interaction REFERENCING NEW TABLE AS vm_new
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_participant_add();
CREATE TRIGGER vm_card_participant_trunc AFTER TRUNCATE ON interaction
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_participant_clear();
CREATE TRIGGER vm_card_participant_latest AFTER UPDATE ON card REFERENCING OLD TABLE AS vm_old NEW TABLE AS vm_new
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_participant_latest();

-- Its writes need no card-data-version trigger of their own (vm_card_list): each happens in the
-- statement that wrote interaction or card, whose own triggers move the version.

-- The rows of the data already there, written with the triggers in place; the locks keep writers
-- of interactions and cards out until the migration commits.
LOCK TABLE interaction, card IN SHARE ROW EXCLUSIVE MODE;
INSERT INTO vm_card_participant (card_id, participant_id, last_interaction_at)
SELECT p.card_id, p.participant_id, c.last_interaction_at
  FROM (SELECT card_id, participant_id FROM interaction
         UNION
        SELECT card_id, associated_participant_id FROM interaction WHERE associated_participant_id IS NOT NULL) p
  JOIN card c ON c.id = p.card_id;

SET LOCAL maintenance_work_mem = '256MB';
ALTER TABLE vm_card_participant ADD PRIMARY KEY (card_id, participant_id);
-- The card list's default order within one participant (card.vm_card_latest_signal's order).
CREATE INDEX vm_card_participant_latest
  ON vm_card_participant (participant_id, last_interaction_at DESC NULLS LAST, card_id DESC);
