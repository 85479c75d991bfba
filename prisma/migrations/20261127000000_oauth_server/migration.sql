-- DropIndex
DROP INDEX "oauth_token_account_id_idx";

-- AlterTable
ALTER TABLE "oauth_client" ADD COLUMN     "dynamic" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "revoked_at" TIMESTAMPTZ(6);

-- AlterTable
ALTER TABLE "oauth_code" ADD COLUMN     "grant_id" TEXT NOT NULL,
ADD COLUMN     "used_at" TIMESTAMPTZ(6);

-- AlterTable
ALTER TABLE "oauth_token" ADD COLUMN     "grant_id" TEXT NOT NULL,
ADD COLUMN     "last_used_at" TIMESTAMPTZ(6),
ADD COLUMN     "rotated_at" TIMESTAMPTZ(6);

-- CreateTable
CREATE TABLE "oauth_consent" (
    "account_id" INTEGER NOT NULL,
    "client_id" TEXT NOT NULL,
    "scopes" TEXT[],
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_consent_pkey" PRIMARY KEY ("account_id","client_id")
);

-- CreateIndex
CREATE INDEX "oauth_consent_client_id_idx" ON "oauth_consent"("client_id");

-- CreateIndex
CREATE INDEX "oauth_code_expires_at_idx" ON "oauth_code"("expires_at");

-- CreateIndex
CREATE INDEX "oauth_token_account_id_client_id_idx" ON "oauth_token"("account_id", "client_id");

-- CreateIndex
CREATE INDEX "oauth_token_grant_id_idx" ON "oauth_token"("grant_id");

-- AddForeignKey
ALTER TABLE "oauth_consent" ADD CONSTRAINT "oauth_consent_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_consent" ADD CONSTRAINT "oauth_consent_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "oauth_client"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Written by hand (objects named vm_*; the drift check ignores them). A revoked or deleted OAuth
-- token or client tells the server processes to forget the tokens they remember
-- (server/auth/token-cache.ts), as api_token changes do. Issuing a token, rotating a refresh token
-- or recording a token's last use changes nothing a process remembers, so they notify nobody.
DROP TRIGGER IF EXISTS vm_auth_notify_oauth_token ON oauth_token;
CREATE TRIGGER vm_auth_notify_oauth_token AFTER UPDATE OF revoked_at, access_expires_at, scope, account_id OR DELETE OR TRUNCATE ON oauth_token
  FOR EACH STATEMENT EXECUTE FUNCTION vm_auth_notify();

DROP TRIGGER IF EXISTS vm_auth_notify_oauth_client ON oauth_client;
CREATE TRIGGER vm_auth_notify_oauth_client AFTER UPDATE OF revoked_at, scopes, name OR DELETE OR TRUNCATE ON oauth_client
  FOR EACH STATEMENT EXECUTE FUNCTION vm_auth_notify();

-- API tokens now record their last use (server/auth/token-use.ts); that write must not make every
-- process forget the tokens it remembers, so the trigger watches only what a lookup depends on.
DROP TRIGGER IF EXISTS vm_auth_notify_api_token ON api_token;
CREATE TRIGGER vm_auth_notify_api_token AFTER INSERT OR UPDATE OF hash, account_id, expires_at, revoked_at OR DELETE OR TRUNCATE ON api_token
  FOR EACH STATEMENT EXECUTE FUNCTION vm_auth_notify();
