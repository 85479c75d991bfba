-- AlterTable
ALTER TABLE "account" ADD COLUMN     "team_role" TEXT NOT NULL DEFAULT 'member';

-- AlterTable
ALTER TABLE "account_group" ADD COLUMN     "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- AlterTable
ALTER TABLE "folder" ADD COLUMN     "team_id" INTEGER,
ADD COLUMN     "visibility" TEXT NOT NULL DEFAULT 'private';

-- AlterTable
ALTER TABLE "saved_filter" ADD COLUMN     "team_id" INTEGER,
ADD COLUMN     "visibility" TEXT NOT NULL DEFAULT 'private';

-- CreateTable
CREATE TABLE "team_invitation" (
    "id" SERIAL NOT NULL,
    "team_id" INTEGER NOT NULL,
    "hash" TEXT NOT NULL,
    "email" TEXT,
    "created_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "used_at" TIMESTAMPTZ(6),
    "used_by_id" INTEGER,
    "revoked_at" TIMESTAMPTZ(6),

    CONSTRAINT "team_invitation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "team_activity" (
    "id" SERIAL NOT NULL,
    "team_id" INTEGER NOT NULL,
    "actor_id" INTEGER,
    "kind" TEXT NOT NULL,
    "detail" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "team_activity_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "team_invitation_hash_key" ON "team_invitation"("hash");

-- CreateIndex
CREATE INDEX "team_invitation_team_id_idx" ON "team_invitation"("team_id");

-- CreateIndex
CREATE INDEX "team_activity_team_id_created_at_idx" ON "team_activity"("team_id", "created_at");

-- CreateIndex
CREATE INDEX "folder_team_id_idx" ON "folder"("team_id");

-- CreateIndex
CREATE INDEX "saved_filter_team_id_idx" ON "saved_filter"("team_id");

-- AddForeignKey
ALTER TABLE "team_invitation" ADD CONSTRAINT "team_invitation_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "account_group"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "team_invitation" ADD CONSTRAINT "team_invitation_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "account"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "team_invitation" ADD CONSTRAINT "team_invitation_used_by_id_fkey" FOREIGN KEY ("used_by_id") REFERENCES "account"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "team_activity" ADD CONSTRAINT "team_activity_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "account_group"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "team_activity" ADD CONSTRAINT "team_activity_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "account"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "folder" ADD CONSTRAINT "folder_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "account_group"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "saved_filter" ADD CONSTRAINT "saved_filter_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "account_group"("id") ON DELETE CASCADE ON UPDATE CASCADE;
