-- AlterTable
ALTER TABLE "oauth_code" ADD COLUMN     "resources" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "oauth_token" ADD COLUMN     "resource" TEXT NOT NULL DEFAULT 'v1';
