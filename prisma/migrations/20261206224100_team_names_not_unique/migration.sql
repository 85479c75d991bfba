-- DropIndex
DROP INDEX "account_group_name_key";
