import { env } from "~/server/env";
import { EmbeddingProviderError, type TEmbeddingProvider } from "./provider";
import { createHashProvider } from "./providers/hash";
import { createLocalProvider } from "./providers/local";
import { createOpenAiProvider } from "./providers/openai";

/**
 * The process's embedding provider, as configured by EMBEDDINGS_PROVIDER (docs/configuration.md):
 *   local   (default) Universal Sentence Encoder lite in a worker thread, 512 dimensions, offline;
 *   openai  an OpenAI-compatible server: EMBEDDINGS_URL, EMBEDDINGS_MODEL, EMBEDDINGS_DIMENSIONS
 *           required, EMBEDDINGS_API_KEY optional, EMBEDDINGS_TIMEOUT_MS (default 10 s);
 *   hash    deterministic feature hashing, for tests only (EMBEDDINGS_DIMENSIONS, default 256);
 *   off     no provider: semantic search answers 503 semantic_unavailable.
 *
 * One instance per process and configuration, kept on globalThis so that the server's workers and
 * Next's bundled route handlers share one model. `null` means off; a configuration that cannot work
 * throws EmbeddingProviderError (so search answers 503 and the worker logs why).
 */

interface TProviderState {
  key: string;
  provider: TEmbeddingProvider | null;
}

const g = globalThis as unknown as { __vmonEmbeddings?: TProviderState };

function configKey(): string {
  const e = env();
  return JSON.stringify([
    e.EMBEDDINGS_PROVIDER,
    e.EMBEDDINGS_URL,
    e.EMBEDDINGS_MODEL,
    e.EMBEDDINGS_DIMENSIONS,
    e.EMBEDDINGS_API_KEY,
    e.EMBEDDINGS_TIMEOUT_MS,
  ]);
}

function create(): TEmbeddingProvider | null {
  const e = env();
  switch (e.EMBEDDINGS_PROVIDER) {
    case "off":
      return null;
    case "hash":
      return createHashProvider(e.EMBEDDINGS_DIMENSIONS ?? 256);
    case "local":
      return createLocalProvider();
    case "openai": {
      const missing = (["EMBEDDINGS_URL", "EMBEDDINGS_MODEL", "EMBEDDINGS_DIMENSIONS"] as const).filter(
        (k) => e[k] === undefined || e[k] === "",
      );
      if (missing.length) throw new EmbeddingProviderError(`EMBEDDINGS_PROVIDER=openai needs ${missing.join(", ")}`);
      return createOpenAiProvider({
        url: e.EMBEDDINGS_URL!,
        model: e.EMBEDDINGS_MODEL!,
        dimensions: e.EMBEDDINGS_DIMENSIONS!,
        apiKey: e.EMBEDDINGS_API_KEY || undefined,
        timeoutMs: e.EMBEDDINGS_TIMEOUT_MS,
      });
    }
  }
}

/** The configured provider, or null when EMBEDDINGS_PROVIDER=off. */
export function embeddingProvider(): TEmbeddingProvider | null {
  const key = configKey();
  const state = g.__vmonEmbeddings;
  if (state && state.key === key) return state.provider;
  void state?.provider?.close?.();
  const provider = create();
  g.__vmonEmbeddings = { key, provider };
  return provider;
}

/** Stops the provider's thread or connections (shutdown, end of a command, tests). */
export async function closeEmbeddingProvider(): Promise<void> {
  const state = g.__vmonEmbeddings;
  g.__vmonEmbeddings = undefined;
  await state?.provider?.close?.();
}
