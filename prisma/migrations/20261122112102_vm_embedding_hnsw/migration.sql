-- Hand-written (vm_ names, ignored by the drift check): HNSW cosine indexes for semantic search.
-- The embedding columns are `vector` of any size; an HNSW index needs a fixed size, so each index is a
-- partial expression index over embedding::vector(N) for the rows of that size. Queries repeat the
-- expression and the predicate with the same constant (server/domain/embeddings/vector-sql.ts).
-- 512 is the local model (Universal Sentence Encoder lite); the others are common sizes of embedding
-- servers. Rows of other sizes are searched exactly.

CREATE INDEX IF NOT EXISTS vm_card_embedding_hnsw_384 ON card_embedding USING hnsw ((embedding::vector(384)) vector_cosine_ops) WHERE vector_dims(embedding) = 384;
CREATE INDEX IF NOT EXISTS vm_card_embedding_hnsw_512 ON card_embedding USING hnsw ((embedding::vector(512)) vector_cosine_ops) WHERE vector_dims(embedding) = 512;
CREATE INDEX IF NOT EXISTS vm_card_embedding_hnsw_768 ON card_embedding USING hnsw ((embedding::vector(768)) vector_cosine_ops) WHERE vector_dims(embedding) = 768;
CREATE INDEX IF NOT EXISTS vm_card_embedding_hnsw_1024 ON card_embedding USING hnsw ((embedding::vector(1024)) vector_cosine_ops) WHERE vector_dims(embedding) = 1024;
CREATE INDEX IF NOT EXISTS vm_card_embedding_hnsw_1536 ON card_embedding USING hnsw ((embedding::vector(1536)) vector_cosine_ops) WHERE vector_dims(embedding) = 1536;

CREATE INDEX IF NOT EXISTS vm_participant_embedding_hnsw_384 ON participant_embedding USING hnsw ((embedding::vector(384)) vector_cosine_ops) WHERE vector_dims(embedding) = 384;
CREATE INDEX IF NOT EXISTS vm_participant_embedding_hnsw_512 ON participant_embedding USING hnsw ((embedding::vector(512)) vector_cosine_ops) WHERE vector_dims(embedding) = 512;
CREATE INDEX IF NOT EXISTS vm_participant_embedding_hnsw_768 ON participant_embedding USING hnsw ((embedding::vector(768)) vector_cosine_ops) WHERE vector_dims(embedding) = 768;
CREATE INDEX IF NOT EXISTS vm_participant_embedding_hnsw_1024 ON participant_embedding USING hnsw ((embedding::vector(1024)) vector_cosine_ops) WHERE vector_dims(embedding) = 1024;
CREATE INDEX IF NOT EXISTS vm_participant_embedding_hnsw_1536 ON participant_embedding USING hnsw ((embedding::vector(1536)) vector_cosine_ops) WHERE vector_dims(embedding) = 1536;
