-- CreateTable
CREATE TABLE "request_day" (
    "account_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "request_day_pkey" PRIMARY KEY ("account_id","day")
);

-- AddForeignKey
ALTER TABLE "request_day" ADD CONSTRAINT "request_day_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
