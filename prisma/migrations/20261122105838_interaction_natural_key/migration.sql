-- CreateIndex
CREATE UNIQUE INDEX "interaction_card_id_participant_id_created_at_key" ON "interaction"("card_id", "participant_id", "created_at");
