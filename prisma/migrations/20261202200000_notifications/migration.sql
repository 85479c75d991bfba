-- AlterTable
ALTER TABLE "saved_filter" ADD COLUMN     "alert_since" TIMESTAMPTZ(6);

-- CreateTable
CREATE TABLE "notification" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "subject_key" TEXT NOT NULL,
    "card_id" INTEGER,
    "saved_filter_id" INTEGER,
    "radar_update_id" INTEGER,
    "url" TEXT,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL DEFAULT '',
    "data" JSONB,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "read_at" TIMESTAMPTZ(6),

    CONSTRAINT "notification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notification_preference" (
    "account_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "email" TEXT NOT NULL,

    CONSTRAINT "notification_preference_pkey" PRIMARY KEY ("account_id","kind")
);

-- CreateTable
CREATE TABLE "notification_settings" (
    "account_id" INTEGER NOT NULL,
    "digest_hour" INTEGER NOT NULL DEFAULT 8,
    "time_zone" TEXT NOT NULL DEFAULT 'UTC',
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notification_settings_pkey" PRIMARY KEY ("account_id")
);

-- CreateIndex
CREATE INDEX "notification_account_id_created_at_id_idx" ON "notification"("account_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "notification_account_id_subject_key_key" ON "notification"("account_id", "subject_key");

-- AddForeignKey
ALTER TABLE "notification" ADD CONSTRAINT "notification_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification" ADD CONSTRAINT "notification_saved_filter_id_fkey" FOREIGN KEY ("saved_filter_id") REFERENCES "saved_filter"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_preference" ADD CONSTRAINT "notification_preference_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Written by hand (vm_* objects; the drift check ignores them). docs/notifications.md.

-- The bell's unread count: the account's unread rows only, an index-only range.
CREATE INDEX IF NOT EXISTS vm_notification_unread ON notification (account_id) WHERE read_at IS NULL;
-- The followed saved filters (few of all filters), read by every alert run and by the card triggers.
CREATE INDEX IF NOT EXISTS vm_saved_filter_alert ON saved_filter (account_id) WHERE alert_since IS NOT NULL;

-- The cards added or changed since the last alert run (server/domain/notifications/alerts.ts): one
-- row per card, whatever the number of changes. A run takes (deletes) a batch of them and writes
-- its notifications in the same transaction, so a crash gives them back and a card committed while
-- a run works stays for the next one (no cursor can skip a late commit). Nothing is logged while no
-- saved filter is followed, so a bulk import into a fresh database pays nothing.
CREATE TABLE IF NOT EXISTS vm_card_change (card_id int PRIMARY KEY);

CREATE OR REPLACE FUNCTION vm_card_change_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM saved_filter WHERE alert_since IS NOT NULL) THEN
    INSERT INTO vm_card_change (card_id) SELECT DISTINCT id FROM vm_changed ORDER BY 1 ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;

-- A card put in a folder can newly match a filter on folder_ids.
CREATE OR REPLACE FUNCTION vm_card_change_log_folder() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM saved_filter WHERE alert_since IS NOT NULL) THEN
    INSERT INTO vm_card_change (card_id) SELECT DISTINCT card_id FROM vm_changed ORDER BY 1 ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS vm_card_change_ins ON card;
CREATE TRIGGER vm_card_change_ins AFTER INSERT ON card REFERENCING NEW TABLE AS vm_changed
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_change_log();
DROP TRIGGER IF EXISTS vm_card_change_upd ON card;
CREATE TRIGGER vm_card_change_upd AFTER UPDATE ON card REFERENCING NEW TABLE AS vm_changed
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_change_log();
DROP TRIGGER IF EXISTS vm_card_change_ins ON folder_card;
CREATE TRIGGER vm_card_change_ins AFTER INSERT ON folder_card REFERENCING NEW TABLE AS vm_changed
  FOR EACH STATEMENT EXECUTE FUNCTION vm_card_change_log_folder();

-- The cards already notified per filter signature (the followed filters with the same parameters,
-- server/domain/notifications/alerts.ts): each card once per filter, one row per card and distinct
-- filter rather than per follower, so 1,000 analysts following "seed stage" cost one row per card.
CREATE TABLE IF NOT EXISTS vm_saved_filter_alert_seen (
  signature text NOT NULL,
  card_id int NOT NULL,
  PRIMARY KEY (signature, card_id)
);

-- Radar updates not yet turned into notifications, taken by the run like vm_card_change.
CREATE TABLE IF NOT EXISTS vm_radar_update_pending (update_id int PRIMARY KEY);

CREATE OR REPLACE FUNCTION vm_radar_update_pending_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO vm_radar_update_pending (update_id) SELECT id FROM vm_added ORDER BY 1 ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS vm_radar_update_pending_trg ON radar_update;
CREATE TRIGGER vm_radar_update_pending_trg AFTER INSERT ON radar_update REFERENCING NEW TABLE AS vm_added
  FOR EACH STATEMENT EXECUTE FUNCTION vm_radar_update_pending_add();
