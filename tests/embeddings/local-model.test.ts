import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeEmbeddingProvider, embeddingProvider, rebuildEmbeddings, semanticPage } from "~/server/domain/embeddings";
import { openTestDb, type TTestDb } from "../helpers/db";
import { setEmbeddingsEnv } from "./env";
import { LABELLED_CARDS, LABELLED_QUERIES } from "./fixture";

/**
 * Quality of the default provider (the local Universal Sentence Encoder lite): queries written in
 * other words than the card they are about find that card in their top 5. Kept in its own file:
 * loading the model takes about a second and 250 MB (it runs in a worker thread).
 */
let t: TTestDb;
let restore: () => void;
const timings: Record<string, number> = {};

beforeAll(async () => {
  t = await openTestDb();
  restore = setEmbeddingsEnv({ EMBEDDINGS_PROVIDER: "local", EMBEDDINGS_DIMENSIONS: undefined });
  for (const [slug, name, description] of LABELLED_CARDS) await t.db.card.create({ data: { slug, name, description } });
  const started = Date.now();
  await rebuildEmbeddings(t.db, embeddingProvider()!, { onlyMissing: true });
  timings.embedCards = Date.now() - started;
}, 180_000);
afterAll(async () => {
  await closeEmbeddingProvider();
  restore();
  await t.close();
  console.info(`local model: ${JSON.stringify(timings)} ms`);
});

describe("local sentence encoder", () => {
  it("stores 512-dimension vectors under local:universal-sentence-encoder-lite", async () => {
    const rows = await t.db.$queryRaw<{ model: string; dims: number; n: number }[]>`
      SELECT model, vector_dims(embedding) AS dims, count(*)::int AS n FROM card_embedding GROUP BY 1, 2`;
    expect(rows).toEqual([{ model: "local:universal-sentence-encoder-lite", dims: 512, n: LABELLED_CARDS.length }]);
  });

  it("ranks the card a query is about in its top 5", async () => {
    const slugs = new Map((await t.db.card.findMany({ select: { id: true, slug: true } })).map((c) => [c.id, c.slug]));
    const misses: string[] = [];
    const started = Date.now();
    for (const [query, slug] of LABELLED_QUERIES) {
      const page = await semanticPage(t.db, { kind: "card", query, minSimilarity: 0, limit: 5, offset: 0, includeTotal: false });
      const top = page.rows.slice(0, 5).map((r) => slugs.get(r.id));
      if (!top.includes(slug)) misses.push(`${query} -> ${top.join(", ")}`);
    }
    timings.perQuery = Math.round((Date.now() - started) / LABELLED_QUERIES.length);
    expect(misses).toEqual([]);
  });

  it("puts the right card first for most queries, with a clear similarity", async () => {
    const slugs = new Map((await t.db.card.findMany({ select: { id: true, slug: true } })).map((c) => [c.id, c.slug]));
    let first = 0;
    for (const [query, slug] of LABELLED_QUERIES) {
      const page = await semanticPage(t.db, { kind: "card", query, minSimilarity: 0.3, limit: 1, offset: 0, includeTotal: true });
      if (page.rows[0] && slugs.get(page.rows[0].id) === slug) first++;
    }
    expect(first).toBeGreaterThanOrEqual(Math.ceil(LABELLED_QUERIES.length * 0.75));
  });
});
