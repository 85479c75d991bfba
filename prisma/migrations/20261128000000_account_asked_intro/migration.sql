-- AlterTable
ALTER TABLE "account" ADD COLUMN     "asked_intro" BOOLEAN NOT NULL DEFAULT false;

-- Accounts that already asked for an intro.
UPDATE "account" SET "asked_intro" = true WHERE "id" IN (SELECT "account_id" FROM "intro_request");
