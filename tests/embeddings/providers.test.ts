import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkVectors, EmbeddingProviderError } from "~/server/domain/embeddings/provider";
import { createHashProvider, hashEmbedding } from "~/server/domain/embeddings/providers/hash";
import { createOpenAiProvider, embeddingsEndpoint } from "~/server/domain/embeddings/providers/openai";
import { embeddingProvider } from "~/server/domain/embeddings/providers";
import { vectorLiteral } from "~/server/domain/embeddings/vector-sql";
import { setEmbeddingsEnv } from "./env";
import { startFakeEmbeddingServer, type TFakeServer } from "./fake-server";

const cos = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe("hash provider (tests only)", () => {
  it("is deterministic, normalised, and closer for texts sharing words", async () => {
    const p = createHashProvider(64);
    const [a, b, c, a2] = await p.embed([
      "solar panels for homes",
      "solar panels for farms",
      "crypto exchange",
      "Solar  panels, for HOMES!",
    ]);
    expect(a).toEqual(a2);
    expect(Math.abs(Math.hypot(...a!) - 1)).toBeLessThan(1e-9);
    expect(cos(a!, b!)).toBeGreaterThan(cos(a!, c!));
    expect(p.model).toBe("feature-hash-64");
    expect(hashEmbedding("!!!", 8).some((x) => x !== 0)).toBe(true);
  });
});

describe("vector checks and formatting", () => {
  it("rejects wrong counts, sizes, non-finite values and zero vectors", () => {
    expect(() => checkVectors([[1, 0]], 2, 2)).toThrow(EmbeddingProviderError);
    expect(() => checkVectors([[1, 0, 0]], 1, 2)).toThrow(/2 dimensions/);
    expect(() => checkVectors([[1, Number.NaN]], 1, 2)).toThrow(/finite/);
    expect(() => checkVectors([[0, 0]], 1, 2)).toThrow(/zeros/);
    expect(() => checkVectors([["1", 0]], 1, 2)).toThrow(/finite/);
    expect(checkVectors([[0.5, -1]], 1, 2)).toEqual([[0.5, -1]]);
  });

  it("writes pgvector's text form with float4 precision", () => {
    expect(vectorLiteral([1, -0.5, 1 / 3, 1e-9])).toBe("[1,-0.500000000,0.333333333,1.00000000e-9]");
  });
});

describe("provider selection", () => {
  it("follows EMBEDDINGS_PROVIDER: local by default, off, hash; openai needs its settings", () => {
    let restore = setEmbeddingsEnv({ EMBEDDINGS_PROVIDER: undefined, EMBEDDINGS_DIMENSIONS: undefined });
    try {
      const local = embeddingProvider()!;
      expect([local.id, local.model, local.dimensions]).toEqual(["local", "universal-sentence-encoder-lite", 512]);
    } finally {
      restore();
    }
    restore = setEmbeddingsEnv({ EMBEDDINGS_PROVIDER: " Off " });
    expect(embeddingProvider()).toBeNull();
    restore();
    restore = setEmbeddingsEnv({
      EMBEDDINGS_PROVIDER: "openai",
      EMBEDDINGS_URL: "http://127.0.0.1:9/v1",
      EMBEDDINGS_MODEL: undefined,
      EMBEDDINGS_DIMENSIONS: undefined,
    });
    expect(() => embeddingProvider()).toThrow(/EMBEDDINGS_MODEL, EMBEDDINGS_DIMENSIONS/);
    restore();
    restore = setEmbeddingsEnv({
      EMBEDDINGS_PROVIDER: "openai",
      EMBEDDINGS_URL: "http://127.0.0.1:9/v1",
      EMBEDDINGS_MODEL: "m",
      EMBEDDINGS_DIMENSIONS: "3072",
    });
    expect(() => embeddingProvider()).toThrow(/EMBEDDINGS_DIMENSIONS.*at most 1800/);
    restore();
    restore = setEmbeddingsEnv({ EMBEDDINGS_PROVIDER: "word2vec" });
    expect(() => embeddingProvider()).toThrow(/EMBEDDINGS_PROVIDER/);
    restore();
  });
});

describe("openai-compatible provider against a fake server", () => {
  let fake: TFakeServer;
  beforeAll(async () => {
    fake = await startFakeEmbeddingServer(16);
  });
  afterAll(async () => {
    await fake.close();
  });
  // A generous timeout where the server answers (a busy machine's first fetch can be slow);
  // the refusals below use a short one of their own.
  const provider = (over: Partial<Parameters<typeof createOpenAiProvider>[0]> = {}) =>
    createOpenAiProvider({
      url: fake.url,
      model: "test-embed",
      dimensions: 16,
      apiKey: "sk-test",
      timeoutMs: 10_000,
      maxBatch: 3,
      ...over,
    });

  it("posts {model, input} to <base>/embeddings with the key, and orders vectors by index", async () => {
    fake.mode = "ok";
    fake.requests.length = 0;
    const texts = ["a b", "c d", "e", "f g h", "i"];
    const vectors = await provider().embed(texts);
    expect(vectors).toEqual(texts.map((t) => hashEmbedding(t, 16)));
    expect(fake.requests.map((r) => [r.path, r.authorization, r.body.model, r.body.input?.length])).toEqual([
      ["/v1/embeddings", "Bearer sk-test", "test-embed", 3],
      ["/v1/embeddings", "Bearer sk-test", "test-embed", 2],
    ]);
    expect(embeddingsEndpoint("http://x/v1/")).toBe("http://x/v1/embeddings");
    expect(embeddingsEndpoint("http://x/api/embeddings")).toBe("http://x/api/embeddings");
  });

  it("turns a timeout, garbage, a bad answer, an error status or no server into EmbeddingProviderError, quickly", async () => {
    for (const [mode, message] of [
      ["hang", /within 400 ms/],
      ["garbage", /not JSON/],
      ["no-data", /no data array/],
      ["wrong-dims", /16 dimensions/],
      ["status-500", /HTTP 500/],
    ] as const) {
      fake.mode = mode;
      const started = Date.now();
      await expect(provider({ timeoutMs: 400 }).embed(["x"]), mode).rejects.toThrow(message);
      expect(Date.now() - started).toBeLessThan(3000);
    }
    await expect(provider({ url: "http://127.0.0.1:9/v1", timeoutMs: 400 }).embed(["x"])).rejects.toThrow(/unreachable/);
  });
});
