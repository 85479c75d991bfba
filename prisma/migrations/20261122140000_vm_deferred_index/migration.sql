-- Written by hand (objects named vm_*; the drift check ignores them). Secondary indexes that a bulk
-- import into an empty table dropped, to build them once after its rows are in
-- (server/db/deferred-indexes.ts). A row left here by an interrupted import is rebuilt at the
-- server's next start, by `vmon migrate` and by the next import.
CREATE TABLE IF NOT EXISTS vm_deferred_index (
  name        text PRIMARY KEY,
  definition  text NOT NULL,
  deferred_at timestamptz NOT NULL DEFAULT now()
);
