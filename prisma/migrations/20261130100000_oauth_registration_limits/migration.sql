-- AlterTable
ALTER TABLE "oauth_client" ADD COLUMN     "first_token_at" TIMESTAMPTZ(6),
ADD COLUMN     "registered_from" TEXT;

-- CreateIndex
CREATE INDEX "oauth_client_registered_from_created_at_idx" ON "oauth_client"("registered_from", "created_at");

-- Clients that already got tokens were used: they never expire as unused registrations.
UPDATE "oauth_client" AS c SET "first_token_at" = t.first_at
  FROM (SELECT "client_id", min("created_at") AS first_at FROM "oauth_token" GROUP BY "client_id") AS t
 WHERE t."client_id" = c."id";
