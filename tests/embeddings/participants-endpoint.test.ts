import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddingProvider, rebuildEmbeddings } from "~/server/domain/embeddings";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { HASH_DIMS, HASH_ENV, setEmbeddingsEnv } from "./env";
import { bruteForce, seedSynthetic, type TSynthetic } from "./fixture";

/** GET /v1/participants/ with semantic=true, through the REST edge, ranked by the hash provider. */
let t: TTestDb;
let fx: TSynthetic;
let token: string;
let accountId: number;
let restore: () => void;
const QUERY = "payments wallet lending exchange";

beforeAll(async () => {
  t = await openTestDb();
  restore = setEmbeddingsEnv(HASH_ENV);
  fx = await seedSynthetic(t.db, { cards: 10, participants: 80 });
  const created = await createAccount(t.db, { staff: true });
  ({ token } = created);
  accountId = created.account.id;
});
afterAll(async () => {
  restore();
  await t.close();
});

const slugOf = async (ids: number[]) => {
  const rows = await t.db.participant.findMany({ where: { id: { in: ids } }, select: { id: true, slug: true } });
  const byId = new Map(rows.map((r) => [r.id, r.slug]));
  return ids.map((id) => byId.get(id));
};

describe("GET /v1/participants/ semantic", () => {
  it("answers 503 semantic_unavailable before any participant has an embedding", async () => {
    const r = await api("GET", `/participants/?search=${encodeURIComponent(QUERY)}&semantic=true`, { token });
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ error: "semantic_unavailable", message: expect.any(String) });
  });

  it("ranks by similarity with the filters applied first, and pages through the result", async () => {
    await rebuildEmbeddings(t.db, embeddingProvider()!, { onlyMissing: true });
    const want = bruteForce(fx.participants, QUERY, HASH_DIMS, { minSimilarity: 0.1 });
    const r = await api("GET", `/participants/?search=${encodeURIComponent(QUERY)}&semantic=YES&min_similarity=0.1&limit=5`, { token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.meta.semantic).toEqual({ enabled: true, min_similarity: 0.1, ranking: "cosine" });
    expect(r.body.pagination).toEqual({ limit: 5, offset: 0, total: Math.min(200, want.length), has_next: want.length > 5 });
    expect(r.body.data.map((p: { slug: string }) => p.slug)).toEqual(await slugOf(want.slice(0, 5).map((w) => w.id)));
    for (const [i, item] of r.body.data.entries()) expect(item.similarity).toBeCloseTo(want[i]!.similarity, 4);

    const next = await api("GET", `/participants/?search=${encodeURIComponent(QUERY)}&semantic=1&min_similarity=0.1&limit=5&offset=5`, {
      token,
    });
    expect(next.body.data.map((p: { slug: string }) => p.slug)).toEqual(await slugOf(want.slice(5, 10).map((w) => w.id)));

    // The rows read with the ranking are the participants the plain list shows (but for similarity), is_saved included.
    await t.db.savedParticipant.create({ data: { accountId, participantId: want[1]!.id } });
    const plain = await api("GET", `/participants/?limit=200&include_user_data=true`, { token });
    const bySlug = new Map((plain.body.data as { slug: string }[]).map((p) => [p.slug, p]));
    const saved = await api(
      "GET",
      `/participants/?search=${encodeURIComponent(QUERY)}&semantic=true&min_similarity=0.1&limit=5&include_user_data=true`,
      { token },
    );
    expect(saved.body.data[1].is_saved).toBe(true);
    for (const { similarity, ...item } of saved.body.data as { slug: string; similarity: number }[])
      expect(item).toEqual(bySlug.get(item.slug));

    const web3 = await api(
      "GET",
      `/participants/?search=${encodeURIComponent(QUERY)}&semantic=true&min_similarity=0.1&web3=true&limit=200`,
      { token },
    );
    const wantWeb3 = bruteForce(fx.participants, QUERY, HASH_DIMS, { minSimilarity: 0.1, filter: (p) => p.web3 });
    expect(web3.body.data.map((p: { slug: string }) => p.slug)).toEqual(await slugOf(wantWeb3.map((w) => w.id)));
  });

  it("validates semantic and min_similarity", async () => {
    for (const q of [
      "semantic=true",
      "search=x&semantic=maybe",
      "search=x&semantic=true&min_similarity=1.5",
      "search=x&semantic=true&min_similarity=abc",
    ]) {
      const r = await api("GET", `/participants/?${q}`, { token });
      expect(r.status, q).toBe(400);
      expect(r.body.error).toBe("validation_error");
    }
  });
});
