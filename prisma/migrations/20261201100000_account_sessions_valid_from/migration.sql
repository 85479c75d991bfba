-- AlterTable
ALTER TABLE "account" ADD COLUMN     "sessions_valid_from" TIMESTAMPTZ(6);
