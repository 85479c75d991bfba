-- DropIndex
DROP INDEX "card_comment_team_id_card_id_created_at_idx";

-- CreateIndex
CREATE INDEX "account_group_id_idx" ON "account"("group_id");

-- CreateIndex
CREATE INDEX "card_comment_team_id_card_id_created_at_id_idx" ON "card_comment"("team_id", "card_id", "created_at", "id");
