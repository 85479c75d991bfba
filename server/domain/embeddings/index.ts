/** Embeddings and semantic search (docs/api.md): public surface. See README.md in this folder. */
export { semanticPage, embedQuery, type TSemanticPage, type TSemanticPageInput } from "./search";
export { searchByVector, SEMANTIC_MAX_RESULTS, type TRanked, type TVectorSearch, type TVectorSearchResult } from "./vector-search";
export { queueEmbeddingBackfill, backfillTick, startEmbeddingsWorker, EMBEDDINGS_QUEUE } from "./jobs";
export { rebuildEmbeddings, type TRebuildReport } from "./rebuild";
export { embeddingProvider, closeEmbeddingProvider } from "./providers";
export { EmbeddingProviderError, modelKey, type TEmbeddingProvider } from "./provider";
export { embeddingText, type TEmbeddingKind } from "./kinds";
export { hasVectors, writeVectors, coverage, type TModelRef } from "./store";
export { INDEXED_DIMENSIONS, isIndexed, hnswIndexDdl, hnswIndexName, vectorLiteral } from "./vector-sql";
