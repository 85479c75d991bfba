-- CreateTable
CREATE TABLE "browser_session" (
    "sid_hash" TEXT NOT NULL,
    "account_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "browser_session_pkey" PRIMARY KEY ("sid_hash")
);

-- CreateIndex
CREATE INDEX "browser_session_account_id_idx" ON "browser_session"("account_id");

-- CreateIndex
CREATE INDEX "browser_session_expires_at_idx" ON "browser_session"("expires_at");

-- AddForeignKey
ALTER TABLE "browser_session" ADD CONSTRAINT "browser_session_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
