import { checkVectors, EmbeddingProviderError, type TEmbeddingProvider } from "../provider";

/**
 * An OpenAI-compatible embedding server (EMBEDDINGS_PROVIDER=openai): POST `<EMBEDDINGS_URL>/embeddings`
 * with `{model, input: [texts]}` and `Authorization: Bearer <EMBEDDINGS_API_KEY>` when a key is set;
 * the answer is `{data: [{index, embedding: number[]}]}`. EMBEDDINGS_URL is the API base (for example
 * `http://embedder:8080/v1`); a URL that already ends in `/embeddings` is used as is.
 *
 * Every failure (unreachable, timeout after EMBEDDINGS_TIMEOUT_MS, non-2xx status, an answer that
 * is not the expected JSON, vectors of the wrong size) is an EmbeddingProviderError.
 */

export interface TOpenAiConfig {
  url: string;
  model: string;
  dimensions: number;
  apiKey?: string;
  timeoutMs: number;
  /** Texts per request; larger inputs are split. */
  maxBatch?: number;
}

export function embeddingsEndpoint(base: string): string {
  const trimmed = base.replace(/\/+$/, "");
  return /\/embeddings$/.test(trimmed) ? trimmed : `${trimmed}/embeddings`;
}

function vectorsOf(body: unknown, count: number, dimensions: number): number[][] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw new EmbeddingProviderError("the embedding server's answer has no data array");
  const vectors = new Array<unknown>(count);
  for (const [i, item] of data.entries()) {
    const index = (item as { index?: unknown })?.index ?? i;
    if (typeof index !== "number" || !Number.isInteger(index) || index < 0 || index >= count || vectors[index] !== undefined) {
      throw new EmbeddingProviderError("the embedding server's answer has a bad or repeated index");
    }
    vectors[index] = (item as { embedding?: unknown })?.embedding;
  }
  return checkVectors(vectors, count, dimensions);
}

async function request(config: TOpenAiConfig, texts: string[]): Promise<number[][]> {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  let res: Response;
  let text: string;
  try {
    res = await fetch(embeddingsEndpoint(config.url), {
      method: "POST",
      headers,
      body: JSON.stringify({ model: config.model, input: texts }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    text = await res.text();
  } catch (error) {
    const timedOut = (error as Error)?.name === "TimeoutError";
    throw new EmbeddingProviderError(
      timedOut ? `the embedding server did not answer within ${config.timeoutMs} ms` : "the embedding server is unreachable",
      { cause: error },
    );
  }
  if (!res.ok) throw new EmbeddingProviderError(`the embedding server answered HTTP ${res.status}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new EmbeddingProviderError("the embedding server's answer is not JSON", { cause: error });
  }
  return vectorsOf(body, texts.length, config.dimensions);
}

export function createOpenAiProvider(config: TOpenAiConfig): TEmbeddingProvider {
  const maxBatch = config.maxBatch ?? 64;
  return {
    id: "openai",
    model: config.model,
    dimensions: config.dimensions,
    async embed(texts) {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += maxBatch) out.push(...(await request(config, texts.slice(i, i + maxBatch))));
      return out;
    },
  };
}
