-- AlterTable
-- IF NOT EXISTS: databases that ran this migration under its first name (20261127100000) get it again.
ALTER TABLE "saved_filter" ADD COLUMN IF NOT EXISTS "last_viewed_at" TIMESTAMPTZ(6);
