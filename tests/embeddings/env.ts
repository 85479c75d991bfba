import { resetEnvCache } from "~/server/env";

/** Sets EMBEDDINGS_* variables for a test (undefined deletes); returns a function that restores them. */
export function setEmbeddingsEnv(values: Record<string, string | undefined>): () => void {
  const saved: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(values)) {
    saved[k] = process.env[k];
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
  return () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvCache();
  };
}

/** The deterministic provider the tests rank with (384: a size that has an HNSW index). */
export const HASH_ENV = { EMBEDDINGS_PROVIDER: "hash", EMBEDDINGS_DIMENSIONS: "384" };
export const HASH_DIMS = 384;
