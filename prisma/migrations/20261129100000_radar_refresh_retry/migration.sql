-- AlterTable
ALTER TABLE "radar_connection" ADD COLUMN     "refresh_failures" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "refresh_retry_at" TIMESTAMPTZ(6);
