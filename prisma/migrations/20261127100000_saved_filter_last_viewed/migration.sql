-- AlterTable
ALTER TABLE "saved_filter" ADD COLUMN     "last_viewed_at" TIMESTAMPTZ(6);
