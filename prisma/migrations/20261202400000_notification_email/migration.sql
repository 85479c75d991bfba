-- AlterTable
ALTER TABLE "notification" ADD COLUMN     "emailed_at" TIMESTAMPTZ(6);

-- AlterTable
ALTER TABLE "notification_settings" ADD COLUMN     "unsubscribe_key" TEXT;

-- CreateTable
CREATE TABLE "mail_digest" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "message_id" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "sent_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mail_digest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "mail_digest_account_id_period_key" ON "mail_digest"("account_id", "period");

-- AddForeignKey
ALTER TABLE "mail_digest" ADD CONSTRAINT "mail_digest_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Written by hand (vm_* objects; the drift check ignores them). docs/notifications.md.

-- E-mail runs look for unread notifications not yet e-mailed, of the last days only.
CREATE INDEX IF NOT EXISTS vm_notification_unemailed ON notification (created_at) WHERE emailed_at IS NULL AND read_at IS NULL;
