-- CreateTable
CREATE TABLE "card_comment" (
    "id" SERIAL NOT NULL,
    "team_id" INTEGER NOT NULL,
    "card_id" INTEGER NOT NULL,
    "author_id" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "card_comment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "card_comment_team_id_card_id_created_at_idx" ON "card_comment"("team_id", "card_id", "created_at");

-- AddForeignKey
ALTER TABLE "card_comment" ADD CONSTRAINT "card_comment_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "account_group"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "card_comment" ADD CONSTRAINT "card_comment_card_id_fkey" FOREIGN KEY ("card_id") REFERENCES "card"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "card_comment" ADD CONSTRAINT "card_comment_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
