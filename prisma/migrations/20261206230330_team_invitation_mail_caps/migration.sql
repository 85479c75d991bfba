-- DropIndex
DROP INDEX "team_invitation_team_id_idx";

-- AlterTable
ALTER TABLE "team_invitation" ADD COLUMN     "mailed_at" TIMESTAMPTZ(6);

-- CreateIndex
CREATE INDEX "team_invitation_team_id_created_at_idx" ON "team_invitation"("team_id", "created_at");

-- CreateIndex
CREATE INDEX "team_invitation_team_id_mailed_at_idx" ON "team_invitation"("team_id", "mailed_at");
