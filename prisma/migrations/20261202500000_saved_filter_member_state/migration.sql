-- CreateTable
CREATE TABLE "saved_filter_member_state" (
    "saved_filter_id" INTEGER NOT NULL,
    "account_id" INTEGER NOT NULL,
    "last_viewed_at" TIMESTAMPTZ(6),
    "alert_since" TIMESTAMPTZ(6),

    CONSTRAINT "saved_filter_member_state_pkey" PRIMARY KEY ("saved_filter_id","account_id")
);

-- CreateIndex
CREATE INDEX "saved_filter_member_state_account_id_idx" ON "saved_filter_member_state"("account_id");

-- AddForeignKey
ALTER TABLE "saved_filter_member_state" ADD CONSTRAINT "saved_filter_member_state_saved_filter_id_fkey" FOREIGN KEY ("saved_filter_id") REFERENCES "saved_filter"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "saved_filter_member_state" ADD CONSTRAINT "saved_filter_member_state_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Written by hand: the seen mark and "Alert me" were the filter's own (one for everybody who uses a
-- shared filter); they become its creator's row here before the two columns go.
INSERT INTO "saved_filter_member_state" ("saved_filter_id", "account_id", "last_viewed_at", "alert_since")
SELECT "id", "account_id", "last_viewed_at", "alert_since" FROM "saved_filter"
 WHERE "last_viewed_at" IS NOT NULL OR "alert_since" IS NOT NULL;

-- The partial index vm_saved_filter_alert depends on the column and goes with it.
DROP INDEX IF EXISTS vm_saved_filter_alert;

-- AlterTable
ALTER TABLE "saved_filter" DROP COLUMN "alert_since",
DROP COLUMN "last_viewed_at";

-- Written by hand (vm_* objects; the drift check ignores them). docs/notifications.md.

-- The followers of saved filters (few of all rows), read by every alert run and by the card triggers.
CREATE INDEX IF NOT EXISTS vm_saved_filter_member_alert ON saved_filter_member_state (saved_filter_id) WHERE alert_since IS NOT NULL;

-- The card triggers log changes while anyone follows a saved filter (now one row per follower).
CREATE OR REPLACE FUNCTION vm_card_change_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM saved_filter_member_state WHERE alert_since IS NOT NULL) THEN
    INSERT INTO vm_card_change (card_id) SELECT DISTINCT id FROM vm_changed ORDER BY 1 ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION vm_card_change_log_folder() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM saved_filter_member_state WHERE alert_since IS NOT NULL) THEN
    INSERT INTO vm_card_change (card_id) SELECT DISTINCT card_id FROM vm_changed ORDER BY 1 ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;
