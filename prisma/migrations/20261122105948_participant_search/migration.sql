-- Participants list (hand-written, `vm_*` objects only; see the top of the init migration).

-- Full-text search over name and about. The participant list queries this exact expression
-- (server/domain/participants/search.ts, PARTICIPANT_TSV): keep both in step.
CREATE INDEX IF NOT EXISTS vm_participant_search_gin ON participant
  USING gin (to_tsvector('simple'::regconfig, name || ' ' || coalesce(about, '')));

-- The default sort (name asc, id asc as the tie-breaker) walks this index instead of sorting.
CREATE INDEX IF NOT EXISTS vm_participant_name_id ON participant (name, id);
