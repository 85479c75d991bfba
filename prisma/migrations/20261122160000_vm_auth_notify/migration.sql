-- Written by hand (objects named vm_*; the drift check ignores them). Every change to what a
-- token resolves to (the token, its account, the account's group) tells the server processes to
-- forget the tokens they remember (server/auth/token-cache.ts). One notification per statement;
-- PostgreSQL delivers it at commit, and folds identical notifications of one transaction.

CREATE OR REPLACE FUNCTION vm_auth_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vm_auth', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS vm_auth_notify_api_token ON api_token;
CREATE TRIGGER vm_auth_notify_api_token AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON api_token
  FOR EACH STATEMENT EXECUTE FUNCTION vm_auth_notify();

DROP TRIGGER IF EXISTS vm_auth_notify_account ON account;
CREATE TRIGGER vm_auth_notify_account AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON account
  FOR EACH STATEMENT EXECUTE FUNCTION vm_auth_notify();

DROP TRIGGER IF EXISTS vm_auth_notify_account_group ON account_group;
CREATE TRIGGER vm_auth_notify_account_group AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON account_group
  FOR EACH STATEMENT EXECUTE FUNCTION vm_auth_notify();
