import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddingProvider, rebuildEmbeddings } from "~/server/domain/embeddings";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { HASH_DIMS, HASH_ENV, setEmbeddingsEnv } from "./env";
import { bruteForce, seedSynthetic, type TSynthetic } from "./fixture";

/** GET|POST /v1/cards/ with semantic search, through the REST edge, ranked by the hash provider. */
let t: TTestDb;
let fx: TSynthetic;
let token: string;
let restore: () => void;
const QUERY = "solar battery grid";

beforeAll(async () => {
  t = await openTestDb();
  restore = setEmbeddingsEnv(HASH_ENV);
  fx = await seedSynthetic(t.db, { cards: 120, participants: 5 });
  ({ token } = await createAccount(t.db, { staff: true }));
});
afterAll(async () => {
  restore();
  await t.close();
});

const slugsOf = async (ids: number[]) => {
  const rows = await t.db.card.findMany({ where: { id: { in: ids } }, select: { id: true, slug: true } });
  const byId = new Map(rows.map((r) => [r.id, r.slug]));
  return ids.map((id) => byId.get(id));
};

describe("GET|POST /v1/cards/ semantic", () => {
  it("answers 503 semantic_unavailable before any card has an embedding", async () => {
    const r = await api("GET", `/cards/?search=${encodeURIComponent(QUERY)}&semantic=true`, { token });
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ error: "semantic_unavailable", message: expect.any(String) });
  });

  it("ranks by similarity after the other filters, with similarity on each item, GET and POST alike", async () => {
    await rebuildEmbeddings(t.db, embeddingProvider()!, { onlyMissing: true });
    const want = bruteForce(fx.cards, QUERY, HASH_DIMS, { minSimilarity: 0.15 });
    const r = await api("GET", `/cards/?search=${encodeURIComponent(QUERY)}&semantic=True&min_similarity=0.15&limit=7`, { token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.meta.semantic).toEqual({ enabled: true, min_similarity: 0.15, ranking: "cosine" });
    expect(r.body.pagination).toEqual({ limit: 7, offset: 0, total: Math.min(100, want.length), has_next: want.length > 7 });
    expect(r.body.data.map((c: { slug: string }) => c.slug)).toEqual(await slugsOf(want.slice(0, 7).map((w) => w.id)));
    for (const [i, item] of r.body.data.entries()) expect(item.similarity).toBeCloseTo(want[i]!.similarity, 4);

    const post = await api("POST", "/cards/", { token, body: { search: QUERY, semantic: true, min_similarity: 0.15, limit: 7 } });
    expect(post.body.data).toEqual(r.body.data);

    // The rows read with the ranking are the cards the plain list shows (but for similarity).
    const plain = new Map<string, unknown>();
    for (let offset = 0; plain.size < fx.cards.length; offset += 100) {
      const page = await api("GET", `/cards/?limit=100&offset=${offset}&include_user_data=true`, { token });
      for (const item of page.body.data as { slug: string }[]) plain.set(item.slug, item);
    }
    const withUserData = await api(
      "GET",
      `/cards/?search=${encodeURIComponent(QUERY)}&semantic=yes&min_similarity=0.15&limit=7&include_user_data=true`,
      { token },
    );
    for (const { similarity, ...item } of withUserData.body.data as { slug: string; similarity: number }[])
      expect(item).toEqual(plain.get(item.slug));

    const stage = await t.db.stage.findUniqueOrThrow({ where: { id: fx.stages[0]! } });
    const filtered = await api(
      "GET",
      `/cards/?search=${encodeURIComponent(QUERY)}&semantic=1&min_similarity=0.15&stages=${stage.slug}&limit=100`,
      { token },
    );
    const wantStage = bruteForce(fx.cards, QUERY, HASH_DIMS, { minSimilarity: 0.15, filter: (c) => c.stageId === stage.id });
    expect(filtered.body.data.map((c: { slug: string }) => c.slug)).toEqual(await slugsOf(wantStage.map((w) => w.id)));
  });

  it("aggregate groups the ranked list itself: its total and each stage's share of it", async () => {
    const query = `search=${encodeURIComponent(QUERY)}&semantic=true&min_similarity=0.15`;
    const list = await api("GET", `/cards/?${query}&limit=100`, { token });
    const r = await api("GET", `/cards/aggregate/?${query}&group_by=stage`, { token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.meta.total).toBe(list.body.pagination.total);
    const byStage = new Map<string | null, number>();
    for (const card of list.body.data as { stage: { slug: string } | null }[]) {
      const key = card.stage?.slug ?? null;
      byStage.set(key, (byStage.get(key) ?? 0) + 1);
    }
    expect(new Map((r.body.data as { key: string | null; count: number }[]).map((g) => [g.key, g.count]))).toEqual(byStage);
  });
});
