/** Embeddings and semantic search (docs/api.md): public surface. See README.md in this folder. */
export { semanticPage } from "./search";
export { searchByVector, SEMANTIC_MAX_RESULTS } from "./vector-search";
export { queueEmbeddingBackfill, backfillTick, EMBEDDINGS_QUEUE } from "./jobs";
export { rebuildEmbeddings } from "./rebuild";
export { embeddingProvider, closeEmbeddingProvider } from "./providers";
export { coverage } from "./store";
export { INDEXED_DIMENSIONS, isIndexed } from "./vector-sql";
