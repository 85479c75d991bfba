-- The founder profile page's linked cards (cards whose network profile is this one).
-- CreateIndex
CREATE INDEX "card_network_a_profile_id_idx" ON "card"("network_a_profile_id");

-- Hand-written (Prisma cannot model a partial index): the participant page's interactions made on
-- a participant's behalf, newest first, read as a top-N index scan instead of sorting all of them;
-- participant_id lets their count leave out the ones it made itself without reading the rows.
CREATE INDEX IF NOT EXISTS vm_interaction_assoc_created ON interaction (associated_participant_id, created_at DESC, id DESC)
  INCLUDE (participant_id) WHERE associated_participant_id IS NOT NULL;
