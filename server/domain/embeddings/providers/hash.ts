import { fnv1a32 } from "~/server/lib/hash";
import type { TEmbeddingProvider } from "../provider";

/**
 * A deterministic feature-hashing embedder, FOR TESTS ONLY (EMBEDDINGS_PROVIDER=hash; never a
 * default): each lower-cased word adds ±1 to one of `dimensions` buckets chosen by its FNV-1a hash,
 * and the vector is L2-normalised. Texts sharing words are similar, texts sharing none are close to
 * orthogonal, so rankings in tests are predictable. It knows nothing about meaning.
 */

export function hashEmbedding(text: string, dimensions: number): number[] {
  const v = new Array<number>(dimensions).fill(0);
  // A small constant component: no text (not even punctuation only) gives an all-zero vector.
  v[0] = 0.05;
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const h = fnv1a32(word);
    v[h % dimensions]! += h & 0x80000000 ? -1 : 1;
  }
  const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  return v.map((x) => x / norm);
}

export function createHashProvider(dimensions = 256): TEmbeddingProvider {
  return {
    id: "hash",
    model: `feature-hash-${dimensions}`,
    dimensions,
    embed: async (texts) => texts.map((t) => hashEmbedding(t, dimensions)),
  };
}
