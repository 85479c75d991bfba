-- One event log for every reader (server/domain/events/log.ts): the webhook outbox (webhook_event)
-- and the radar's notification queue (vm_radar_update_pending) become domain_event rows that name
-- their readers; the per-filter webhook bookkeeping (saved_filter_match, saved_filter_check) gives
-- way to the one saved-filter matcher (server/domain/saved-filters/matcher.ts), which keeps its
-- record per filter signature in vm_saved_filter_alert_seen.

-- CreateTable
CREATE TABLE "domain_event" (
    "id" BIGSERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "subject_id" INTEGER,
    "data" JSONB,
    "pending" TEXT[],
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "domain_event_pkey" PRIMARY KEY ("id")
);

-- AddForeignKey
ALTER TABLE "domain_event" ADD CONSTRAINT "domain_event_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Events not yet fanned out, and radar updates not yet notified, are kept.
INSERT INTO "domain_event" ("account_id", "type", "subject_id", "data", "pending", "created_at")
SELECT "account_id", "type", "subject_id", "data", ARRAY['webhooks'], "created_at" FROM "webhook_event" ORDER BY "id";
INSERT INTO "domain_event" ("account_id", "type", "subject_id", "pending", "created_at")
SELECT u."account_id", 'radar.update.created', u."id", ARRAY['notifications'], u."detected_at"
  FROM vm_radar_update_pending p JOIN "radar_update" u ON u."id" = p.update_id ORDER BY u."id";

-- DropForeignKey
ALTER TABLE "saved_filter_check" DROP CONSTRAINT "saved_filter_check_filter_id_fkey";

-- DropForeignKey
ALTER TABLE "saved_filter_match" DROP CONSTRAINT "saved_filter_match_card_id_fkey";

-- DropForeignKey
ALTER TABLE "saved_filter_match" DROP CONSTRAINT "saved_filter_match_filter_id_fkey";

-- DropForeignKey
ALTER TABLE "webhook_event" DROP CONSTRAINT "webhook_event_account_id_fkey";

-- DropTable
DROP TABLE "saved_filter_check";

-- DropTable
DROP TABLE "saved_filter_match";

-- DropTable
DROP TABLE "webhook_event";

-- Written by hand (vm_* objects; the drift check ignores them).

-- Each reader takes its events in id order from a partial index of its own.
CREATE INDEX IF NOT EXISTS vm_domain_event_webhooks ON domain_event (id) WHERE 'webhooks' = ANY (pending);
CREATE INDEX IF NOT EXISTS vm_domain_event_notifications ON domain_event (id) WHERE 'notifications' = ANY (pending);

-- A new radar update is an event: for the notifications (whether its connection is still tracked
-- is read when the event is taken), and for the webhooks when its account subscribes.
DROP TRIGGER IF EXISTS vm_radar_update_pending_trg ON radar_update;
DROP FUNCTION IF EXISTS vm_radar_update_pending_add();
DROP TABLE IF EXISTS vm_radar_update_pending;

CREATE OR REPLACE FUNCTION vm_radar_update_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO domain_event (account_id, type, subject_id, pending)
  SELECT a.account_id, 'radar.update.created', a.id,
         CASE WHEN EXISTS (SELECT 1 FROM webhook_endpoint e
                            WHERE e.account_id = a.account_id AND e.enabled AND 'radar.update.created' = ANY (e.events))
              THEN ARRAY['notifications', 'webhooks'] ELSE ARRAY['notifications'] END
    FROM vm_added a ORDER BY a.id;
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS vm_radar_update_event_trg ON radar_update;
CREATE TRIGGER vm_radar_update_event_trg AFTER INSERT ON radar_update REFERENCING NEW TABLE AS vm_added
  FOR EACH STATEMENT EXECUTE FUNCTION vm_radar_update_event();

-- The card changes are logged while anyone may hear of a saved filter's new matches: a follower
-- ("Alert me"), or an account with an endpoint subscribed to saved_filter.cards_matched.
CREATE OR REPLACE FUNCTION vm_saved_filter_heard() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM saved_filter_member_state WHERE alert_since IS NOT NULL)
      OR EXISTS (SELECT 1 FROM webhook_endpoint WHERE enabled AND 'saved_filter.cards_matched' = ANY (events))
$$;

CREATE OR REPLACE FUNCTION vm_card_change_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF vm_saved_filter_heard() THEN
    INSERT INTO vm_card_change (card_id) SELECT DISTINCT id FROM vm_changed ORDER BY 1 ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION vm_card_change_log_folder() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF vm_saved_filter_heard() THEN
    INSERT INTO vm_card_change (card_id) SELECT DISTINCT card_id FROM vm_changed ORDER BY 1 ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;

-- A folder shared with the team, or made private again, changes what the filters naming it match
-- for each member: its cards are noted as changed, so the matcher evaluates them again for every
-- recipient (a member whose folder_ids now resolve hears of them; one whose no longer resolve
-- hears of nothing).
CREATE OR REPLACE FUNCTION vm_folder_visibility_recheck() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF vm_saved_filter_heard() THEN
    INSERT INTO vm_card_change (card_id) SELECT card_id FROM folder_card WHERE folder_id = NEW.id ORDER BY 1 ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS vm_folder_visibility_recheck ON folder;
CREATE TRIGGER vm_folder_visibility_recheck AFTER UPDATE OF visibility, team_id ON folder
  FOR EACH ROW WHEN (OLD.visibility IS DISTINCT FROM NEW.visibility OR OLD.team_id IS DISTINCT FROM NEW.team_id)
  EXECUTE FUNCTION vm_folder_visibility_recheck();
