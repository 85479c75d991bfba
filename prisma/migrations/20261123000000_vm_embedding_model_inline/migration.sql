-- Written by hand (storage settings and vm_ indexes; the drift check ignores them).
--
-- 1. The model key stays inline. An embedding row is wider than PostgreSQL's TOAST threshold
--    (2 kB: a 512-d vector is 2,056 bytes, kept inline by the init migration), so the toaster moves
--    every other movable value out of line until the row fits, which it never does: any model key
--    longer than 23 bytes ("local:universal-sentence-encoder-lite") went to the TOAST table. Every
--    search checks `model` on each candidate: four more page reads per candidate, and an exact scan
--    four times slower (bench:semantic, a million vectors: 1.9 s instead of 0.5 s). Keys are short
--    (EMBEDDINGS_MODEL is at most 200 characters). Rows written before keep their out-of-line key
--    until they are rewritten (a model change, `vmon embeddings rebuild`, or VACUUM FULL).
ALTER TABLE card_embedding ALTER COLUMN model SET STORAGE PLAIN;
ALTER TABLE participant_embedding ALTER COLUMN model SET STORAGE PLAIN;

-- 2. HNSW graphs built with ef_construction 128 instead of pgvector's default 64. The vectors of
--    a text encoder are clustered; with 64, a query could end its walk in a neighbouring cluster
--    and return none of its true neighbours at ef_search 100 (bench:semantic, a million vectors:
--    2 queries of 30 in one build, 1 in a build with 128, found at a lower ef_search there). It
--    applies to rows inserted from now on and to every rebuild (REINDEX, the deferred index builds
--    of an import); building takes about 1.6 times as long. The existing graphs are not rebuilt.
ALTER INDEX IF EXISTS vm_card_embedding_hnsw_384 SET (ef_construction = 128);
ALTER INDEX IF EXISTS vm_card_embedding_hnsw_512 SET (ef_construction = 128);
ALTER INDEX IF EXISTS vm_card_embedding_hnsw_768 SET (ef_construction = 128);
ALTER INDEX IF EXISTS vm_card_embedding_hnsw_1024 SET (ef_construction = 128);
ALTER INDEX IF EXISTS vm_card_embedding_hnsw_1536 SET (ef_construction = 128);
ALTER INDEX IF EXISTS vm_participant_embedding_hnsw_384 SET (ef_construction = 128);
ALTER INDEX IF EXISTS vm_participant_embedding_hnsw_512 SET (ef_construction = 128);
ALTER INDEX IF EXISTS vm_participant_embedding_hnsw_768 SET (ef_construction = 128);
ALTER INDEX IF EXISTS vm_participant_embedding_hnsw_1024 SET (ef_construction = 128);
ALTER INDEX IF EXISTS vm_participant_embedding_hnsw_1536 SET (ef_construction = 128);
