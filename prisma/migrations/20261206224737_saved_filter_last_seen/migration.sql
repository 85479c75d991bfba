-- Written by hand: the saved filter's seen mark keeps its values under its new name (the generated
-- DROP and ADD COLUMN would have lost every account's mark).
-- AlterTable
ALTER TABLE "saved_filter_member_state" RENAME COLUMN "last_viewed_at" TO "last_seen_at";
