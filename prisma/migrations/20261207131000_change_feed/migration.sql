-- Hand-written (not modelled by Prisma): the change feed's bookkeeping (GET /v1/changes/,
-- server/domain/changes/). Every card, participant and interaction row carries the id of the
-- transaction that last wrote it (vm_feed_xid, 0 for rows written before the feed existed); a
-- deleted row leaves a tombstone with the deleting transaction's id. The feed reads rows in
-- (transaction id, type, row id) order, and only those written by transactions older than every
-- transaction still running, so a change that commits later can never land before a cursor.

-- Existing rows get 0 without a rewrite of the table; new rows the writing transaction's id.
ALTER TABLE "card" ADD COLUMN "vm_feed_xid" BIGINT NOT NULL DEFAULT 0;
ALTER TABLE "card" ALTER COLUMN "vm_feed_xid" SET DEFAULT (pg_current_xact_id()::text::bigint);
ALTER TABLE "participant" ADD COLUMN "vm_feed_xid" BIGINT NOT NULL DEFAULT 0;
ALTER TABLE "participant" ALTER COLUMN "vm_feed_xid" SET DEFAULT (pg_current_xact_id()::text::bigint);
ALTER TABLE "interaction" ADD COLUMN "vm_feed_xid" BIGINT NOT NULL DEFAULT 0;
ALTER TABLE "interaction" ALTER COLUMN "vm_feed_xid" SET DEFAULT (pg_current_xact_id()::text::bigint);

CREATE INDEX "vm_card_feed" ON "card" ("vm_feed_xid", "id");
CREATE INDEX "vm_participant_feed" ON "participant" ("vm_feed_xid", "id");
CREATE INDEX "vm_interaction_feed" ON "interaction" ("vm_feed_xid", "id");

-- An update moves the row to its transaction (an update in the row's own transaction keeps it).
CREATE FUNCTION "vm_feed_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."vm_feed_xid" := pg_current_xact_id()::text::bigint;
  RETURN NEW;
END $$;

CREATE TRIGGER "vm_card_feed_upd" BEFORE UPDATE ON "card" FOR EACH ROW EXECUTE FUNCTION "vm_feed_touch"();
CREATE TRIGGER "vm_participant_feed_upd" BEFORE UPDATE ON "participant" FOR EACH ROW EXECUTE FUNCTION "vm_feed_touch"();
CREATE TRIGGER "vm_interaction_feed_upd" BEFORE UPDATE ON "interaction" FOR EACH ROW EXECUTE FUNCTION "vm_feed_touch"();

-- Deleted rows: type 1 card, 2 participant, 3 interaction (the feed's order of types).
CREATE TABLE "vm_feed_tombstone" (
  "type" SMALLINT NOT NULL,
  "id" INTEGER NOT NULL,
  "xid" BIGINT NOT NULL DEFAULT (pg_current_xact_id()::text::bigint),
  "deleted_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY ("xid", "type", "id")
);
CREATE INDEX "vm_feed_tombstone_deleted_at" ON "vm_feed_tombstone" ("deleted_at");

-- The newest transaction id whose tombstones were pruned (retention): a cursor below it may have
-- missed deletions and is refused (410).
CREATE TABLE "vm_feed_horizon" ("one" BOOLEAN PRIMARY KEY DEFAULT true CHECK ("one"), "xid" BIGINT NOT NULL);
INSERT INTO "vm_feed_horizon" ("xid") VALUES (0);

CREATE FUNCTION "vm_feed_tombstones"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "vm_feed_tombstone" ("type", "id") SELECT TG_ARGV[0]::smallint, o."id" FROM "vm_old" o ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER "vm_card_feed_del" AFTER DELETE ON "card" REFERENCING OLD TABLE AS "vm_old"
  FOR EACH STATEMENT EXECUTE FUNCTION "vm_feed_tombstones"('1');
CREATE TRIGGER "vm_participant_feed_del" AFTER DELETE ON "participant" REFERENCING OLD TABLE AS "vm_old"
  FOR EACH STATEMENT EXECUTE FUNCTION "vm_feed_tombstones"('2');
CREATE TRIGGER "vm_interaction_feed_del" AFTER DELETE ON "interaction" REFERENCING OLD TABLE AS "vm_old"
  FOR EACH STATEMENT EXECUTE FUNCTION "vm_feed_tombstones"('3');

-- A card's categories are part of what the feed serves for it: a change to them moves the card to
-- the writing transaction, unless it is already there (an import writes a card and its categories
-- in one transaction: no second write).
CREATE FUNCTION "vm_feed_touch_card"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "card" c SET "vm_feed_xid" = pg_current_xact_id()::text::bigint
   WHERE c."id" IN (SELECT "card_id" FROM "vm_rows") AND c."vm_feed_xid" <> pg_current_xact_id()::text::bigint;
  RETURN NULL;
END $$;

CREATE TRIGGER "vm_card_category_feed_ins" AFTER INSERT ON "card_category" REFERENCING NEW TABLE AS "vm_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "vm_feed_touch_card"();
CREATE TRIGGER "vm_card_category_feed_del" AFTER DELETE ON "card_category" REFERENCING OLD TABLE AS "vm_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "vm_feed_touch_card"();
