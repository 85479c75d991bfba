-- CreateTable
CREATE TABLE "token_request_day" (
    "token_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "token_request_day_pkey" PRIMARY KEY ("token_id","day")
);

-- AddForeignKey
ALTER TABLE "token_request_day" ADD CONSTRAINT "token_request_day_token_id_fkey" FOREIGN KEY ("token_id") REFERENCES "api_token"("id") ON DELETE CASCADE ON UPDATE CASCADE;
