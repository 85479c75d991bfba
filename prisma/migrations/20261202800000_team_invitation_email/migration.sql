-- CreateIndex
CREATE INDEX "team_invitation_email_idx" ON "team_invitation"("email");
