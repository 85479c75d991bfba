-- AlterTable
ALTER TABLE "account" ADD COLUMN     "row_density" TEXT NOT NULL DEFAULT 'comfortable';

-- Hand-written (not modelled by Prisma): the densities the workspace knows.
ALTER TABLE "account" ADD CONSTRAINT "vm_account_row_density" CHECK ("row_density" IN ('comfortable', 'compact'));
