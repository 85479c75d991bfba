import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddingProvider, rebuildEmbeddings } from "~/server/domain/embeddings";
import { DEFAULT_MIN_SIMILARITY } from "~/server/domain/cards/params";
import { createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserCaller } from "../helpers/trpc";
import { HASH_DIMS, HASH_ENV, setEmbeddingsEnv } from "./env";
import { bruteForce, sameRanking, seedSynthetic, type TSynthetic } from "./fixture";

/**
 * The card page's similar cards and the CSV export of a semantic search, with embeddings on (the
 * deterministic hash provider), against a brute-force ranking.
 */
let t: TTestDb;
let fx: TSynthetic;
let ui: Awaited<ReturnType<typeof browserCaller>>;
let restore: () => void;

beforeAll(async () => {
  t = await openTestDb();
  restore = setEmbeddingsEnv(HASH_ENV);
  fx = await seedSynthetic(t.db, { cards: 120, participants: 0 });
  await rebuildEmbeddings(t.db, embeddingProvider()!, { onlyMissing: true });
  ui = await browserCaller(t.db, (await createAccount(t.db)).account.id);
});
afterAll(async () => {
  restore?.();
  await t?.close();
});

const slugOf = (id: number) => `emb-card-${fx.cards.findIndex((c) => c.id === id)}`;

describe("workspace.similarCards with embeddings", () => {
  it("lists the card's nearest neighbours by its name and description, never the card itself", async () => {
    for (const card of fx.cards.slice(0, 5)) {
      const slug = slugOf(card.id);
      const query = `${card.name}${card.body ? `. ${card.body}` : ""}`;
      const want = bruteForce(fx.cards, query, HASH_DIMS, { minSimilarity: DEFAULT_MIN_SIMILARITY }).filter((w) => w.id !== card.id);
      const r = await ui.workspace.similarCards({ slug, limit: 4 });
      expect(r.method).toBe("semantic");
      expect(r.data.every((c) => c.slug !== slug)).toBe(true);
      expect(
        sameRanking(
          r.data.map((c) => ({ id: c.id!, similarity: c.similarity! })),
          want,
          Math.min(4, want.length),
        ),
      ).toBeNull();
    }
  });
});

describe("workspace.cardExport of a semantic search", () => {
  it("holds every ranked card, best first", async () => {
    const query = "solar battery grid";
    const want = bruteForce(fx.cards, query, HASH_DIMS, { minSimilarity: 0.1 });
    expect(want.length).toBeGreaterThan(20); // more than one page of the table
    const ranked: { id: number; similarity: number }[] = [];
    for await (const chunk of await ui.workspace.cardExport({ search: query, semantic: "true", min_similarity: "0.1" })) {
      ranked.push(...chunk.map((c) => ({ id: c.id!, similarity: c.similarity! })));
    }
    expect(sameRanking(ranked, want)).toBeNull();
  });
});
