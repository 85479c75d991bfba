-- AlterTable
ALTER TABLE "card_category" ADD COLUMN     "round_id" INTEGER,
ADD COLUMN     "stage_id" INTEGER;
