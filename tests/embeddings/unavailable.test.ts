import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddingProvider, rebuildEmbeddings, semanticPage } from "~/server/domain/embeddings";
import { openTestDb, type TTestDb } from "../helpers/db";
import { setEmbeddingsEnv } from "./env";
import { startFakeEmbeddingServer, type TFakeServer } from "./fake-server";
import { seedSynthetic } from "./fixture";

/**
 * An embedding server that fails never makes search hang or answer 500: it is 503
 * semantic_unavailable within the configured timeout.
 */
let t: TTestDb;
let fake: TFakeServer;
let restore: () => void;

beforeAll(async () => {
  t = await openTestDb();
  fake = await startFakeEmbeddingServer(384);
  restore = setEmbeddingsEnv({
    EMBEDDINGS_PROVIDER: "openai",
    EMBEDDINGS_URL: fake.url,
    EMBEDDINGS_MODEL: "fake-embed",
    EMBEDDINGS_DIMENSIONS: "384",
    EMBEDDINGS_API_KEY: "sk-fake",
    // Short enough for the hanging server's case, long enough for the answering one on a loaded
    // machine (300 ms timed out there while an index build shared the 2 cores).
    EMBEDDINGS_TIMEOUT_MS: "1000",
  });
  await seedSynthetic(t.db, { cards: 30, participants: 5 });
});
afterAll(async () => {
  restore();
  await fake.close();
  await t.close();
});

const search = (query: string) => semanticPage(t.db, { kind: "card", query, minSimilarity: 0.1, limit: 10, offset: 0, includeTotal: true });

describe("a failing embedding server", () => {
  it("works while the server answers, with vectors stored under openai:<model>", async () => {
    const report = await rebuildEmbeddings(t.db, embeddingProvider()!, { onlyMissing: false, batch: 8 });
    expect(report).toMatchObject({ model: "openai:fake-embed", embedded: 35, resumed: false });
    const models = await t.db.$queryRaw<
      { model: string; n: number }[]
    >`SELECT model, count(*)::int AS n FROM card_embedding GROUP BY model`;
    expect(models).toEqual([{ model: "openai:fake-embed", n: 30 }]);
    const page = await search("solar battery");
    expect(page.rows.length).toBeGreaterThan(0);
  });

  it("answers 503 semantic_unavailable on a timeout, garbage, an error status or a closed server, never hanging", async () => {
    for (const [mode, query] of [
      ["hang", "q1 hang"],
      ["garbage", "q2 garbage"],
      ["status-500", "q3 status"],
      ["wrong-dims", "q4 dims"],
    ] as const) {
      fake.mode = mode;
      const started = Date.now();
      await expect(search(query), mode).rejects.toMatchObject({ code: "semantic_unavailable", status: 503 });
      expect(Date.now() - started, mode).toBeLessThan(3000);
    }
    fake.mode = "ok";
    await expect(search("q5 back")).resolves.toBeTruthy();
    const closed = setEmbeddingsEnv({ EMBEDDINGS_URL: "http://127.0.0.1:9/v1" });
    try {
      await expect(search("q6 closed")).rejects.toMatchObject({ code: "semantic_unavailable" });
    } finally {
      closed();
    }
  });
});
