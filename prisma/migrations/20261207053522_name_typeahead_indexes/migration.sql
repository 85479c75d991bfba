-- Hand-written (not modelled by Prisma): typeahead (server/domain/autocomplete/sources.ts) reads
-- names that start with what was typed, and names whose second or third word does, each as a
-- btree range in byte order (`text_pattern_ops`) that stops after the few rows it needs, however
-- many names share the word. (A full-text or trigram index cannot stop early: it builds the
-- bitmap of every name holding a common word first.)
CREATE INDEX "vm_card_name_prefix" ON "card" (lower("name") text_pattern_ops);
CREATE INDEX "vm_card_name_word2" ON "card" ((substring(lower("name") from '^\S+\s+(.*)$')) text_pattern_ops);
CREATE INDEX "vm_card_name_word3" ON "card" ((substring(lower("name") from '^\S+\s+\S+\s+(.*)$')) text_pattern_ops);
CREATE INDEX "vm_participant_name_prefix" ON "participant" (lower("name") text_pattern_ops);
CREATE INDEX "vm_participant_name_word2" ON "participant" ((substring(lower("name") from '^\S+\s+(.*)$')) text_pattern_ops);
CREATE INDEX "vm_participant_name_word3" ON "participant" ((substring(lower("name") from '^\S+\s+\S+\s+(.*)$')) text_pattern_ops);
CREATE INDEX "vm_profile_name_prefix" ON "profile" (lower("name") text_pattern_ops);
CREATE INDEX "vm_profile_name_word2" ON "profile" ((substring(lower("name") from '^\S+\s+(.*)$')) text_pattern_ops);
CREATE INDEX "vm_profile_name_word3" ON "profile" ((substring(lower("name") from '^\S+\s+\S+\s+(.*)$')) text_pattern_ops);
