/**
 * The embedding provider: turns texts into vectors. One implementation per `EMBEDDINGS_PROVIDER`
 * (providers.ts picks it): `local` (an in-process sentence encoder, the default), `openai` (an
 * OpenAI-compatible HTTP server), `hash` (deterministic feature hashing, for tests only) and `off`.
 *
 * Every stored vector records `modelKey(provider)` ("<provider>:<model>"); a query is compared only
 * with vectors of the same key and dimensions, and rows of any other key are re-embedded by the
 * backfill (jobs.ts), so changing the model rebuilds the embeddings.
 */

export interface TEmbedOptions {
  /** "query": one search query, served before queued batch work. Default "batch". */
  priority?: "query" | "batch";
}

export interface TEmbeddingProvider {
  /** The provider's name as configured: local, openai, hash. */
  readonly id: string;
  /** The model's name (EMBEDDINGS_MODEL for openai). */
  readonly model: string;
  readonly dimensions: number;
  /** One vector per text, in order. Rejects with EmbeddingProviderError when the provider fails. */
  embed(texts: string[], opts?: TEmbedOptions): Promise<number[][]>;
  /** Releases threads or sockets (tests, shutdown). */
  close?(): Promise<void>;
}

/** The provider could not produce vectors (not configured, not reachable, bad answer, timeout). */
export class EmbeddingProviderError extends Error {
  constructor(message: string, opts?: { cause?: unknown }) {
    super(message, opts);
    this.name = "EmbeddingProviderError";
  }
}

/** What card_embedding.model / participant_embedding.model store for vectors of this provider. */
export function modelKey(provider: Pick<TEmbeddingProvider, "id" | "model">): string {
  return `${provider.id}:${provider.model}`;
}

/** Checks an answer: `count` vectors of `dimensions` finite numbers, none all zeros. */
export function checkVectors(vectors: unknown, count: number, dimensions: number): number[][] {
  if (!Array.isArray(vectors) || vectors.length !== count) {
    throw new EmbeddingProviderError(`expected ${count} vector(s), got ${Array.isArray(vectors) ? vectors.length : typeof vectors}`);
  }
  for (const v of vectors) {
    if (!Array.isArray(v) || v.length !== dimensions) {
      throw new EmbeddingProviderError(`expected vectors of ${dimensions} dimensions, got ${Array.isArray(v) ? v.length : typeof v}`);
    }
    let norm = 0;
    for (const x of v) {
      if (typeof x !== "number" || !Number.isFinite(x))
        throw new EmbeddingProviderError("a vector holds a value that is not a finite number");
      norm += x * x;
    }
    if (norm === 0) throw new EmbeddingProviderError("a vector is all zeros (no direction to compare)");
  }
  return vectors as number[][];
}
