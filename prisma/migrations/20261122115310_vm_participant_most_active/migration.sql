-- Participants list (hand-written, `vm_*` objects only; see the top of the init migration).

-- most_active (monthly_signals desc, name asc, id asc) read from the index alone, at any offset, and
-- its exact reverse (monthly_signals:asc) walking it backwards (server/domain/participants/sort.ts).
CREATE INDEX IF NOT EXISTS vm_participant_most_active ON participant (monthly_signals DESC, name, id);
