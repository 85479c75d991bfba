-- CreateTable
CREATE TABLE "signin_throttle" (
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "failures" TIMESTAMPTZ(3)[],
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "signin_throttle_pkey" PRIMARY KEY ("scope","key")
);

-- CreateIndex
CREATE INDEX "signin_throttle_expires_at_idx" ON "signin_throttle"("expires_at");
