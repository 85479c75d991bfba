-- Written by hand (objects named vm_*; the drift check ignores them). Raw-data profile reads.

-- Keyword search over name, headline and summary: every word of `search` must occur
-- (case-insensitive substring, ILIKE). The expression must stay identical to
-- server/domain/rawdata/criteria.ts (PROFILE_SEARCH_TEXT) for the planner to use the index.
CREATE INDEX IF NOT EXISTS vm_profile_search_trgm ON profile
  USING gin ((coalesce(name, '') || ' ' || coalesce(headline, '') || ' ' || coalesce(summary, '')) gin_trgm_ops);

-- sort=name: case-insensitive, byte order (the same on every database), id as tie-breaker.
CREATE INDEX IF NOT EXISTS vm_profile_name_sort ON profile ((lower(name) COLLATE "C"), id);
