import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  backfillTick,
  coverage,
  embeddingProvider,
  EMBEDDINGS_QUEUE,
  queueEmbeddingBackfill,
  rebuildEmbeddings,
} from "~/server/domain/embeddings";
import { EmbeddingProviderError, type TEmbeddingProvider } from "~/server/domain/embeddings/provider";
import { pendingCount } from "~/server/domain/jobs/queue";
import { openTestDb, type TTestDb } from "../helpers/db";
import { HASH_ENV, setEmbeddingsEnv } from "./env";
import { seedSynthetic, type TSynthetic } from "./fixture";

/** The backfill on the job queue, model changes, stale rows, and the resumable rebuild. */
let t: TTestDb;
let fx: TSynthetic;
let restore: () => void;

beforeAll(async () => {
  t = await openTestDb();
  restore = setEmbeddingsEnv(HASH_ENV);
  fx = await seedSynthetic(t.db, { cards: 70, participants: 20 });
});
afterAll(async () => {
  restore();
  await t.close();
});

const ref = () => {
  const p = embeddingProvider()!;
  return { model: `${p.id}:${p.model}`, dimensions: p.dimensions };
};
async function drain() {
  let ticks = 0;
  while ((await backfillTick(t.db, { sliceMs: 0, batch: 16 })) > 0) ticks++;
  return ticks;
}
const models = (table: "card_embedding" | "participant_embedding") =>
  t.db.$queryRawUnsafe<{ model: string; n: number }[]>(`SELECT model, count(*)::int AS n FROM ${table} GROUP BY model ORDER BY model`);

describe("embedding backfill", () => {
  it("does nothing without a queued job; a queued backfill embeds every card and participant, in slices", async () => {
    expect(await backfillTick(t.db)).toBe(0);
    await queueEmbeddingBackfill(t.db);
    await queueEmbeddingBackfill(t.db);
    expect(await pendingCount(t.db, EMBEDDINGS_QUEUE)).toBe(1);
    const ticks = await drain();
    expect(ticks).toBe(7); // 70 cards (5 batches of at most 16) and 20 participants (2), one batch per slice
    expect(await coverage(t.db, "card", ref())).toEqual({ rows: 70, current: 70 });
    expect(await coverage(t.db, "participant", ref())).toEqual({ rows: 20, current: 20 });
    expect(await pendingCount(t.db, EMBEDDINGS_QUEUE)).toBe(0);
    expect(await models("card_embedding")).toEqual([{ model: "hash:feature-hash-384", n: 70 }]);
  });

  it("re-embeds a card whose text changed, and only that one", async () => {
    const card = fx.cards[3]!;
    const before = await t.db.$queryRaw<{ v: string }[]>`SELECT embedding::text AS v FROM card_embedding WHERE card_id = ${card.id}`;
    await t.db.card.update({ where: { id: card.id }, data: { name: "kitchen farm water", updatedAt: new Date(Date.now() + 1000) } });
    expect((await coverage(t.db, "card", ref())).current).toBe(69);
    await queueEmbeddingBackfill(t.db);
    await drain();
    const after = await t.db.$queryRaw<{ v: string }[]>`SELECT embedding::text AS v FROM card_embedding WHERE card_id = ${card.id}`;
    expect(after[0]!.v).not.toBe(before[0]!.v);
    expect((await coverage(t.db, "card", ref())).current).toBe(70);
  });

  it("rebuilds with the new model when the model changes", async () => {
    const other = setEmbeddingsEnv({ EMBEDDINGS_DIMENSIONS: "512" });
    try {
      expect((await coverage(t.db, "card", ref())).current).toBe(0);
      await queueEmbeddingBackfill(t.db);
      await drain();
      expect(await models("card_embedding")).toEqual([{ model: "hash:feature-hash-512", n: 70 }]);
      expect(await models("participant_embedding")).toEqual([{ model: "hash:feature-hash-512", n: 20 }]);
    } finally {
      other();
    }
  });

  it("keeps the job, with a retry delay, when the provider fails", async () => {
    const failing = setEmbeddingsEnv({
      EMBEDDINGS_PROVIDER: "openai",
      EMBEDDINGS_URL: "http://127.0.0.1:9/v1",
      EMBEDDINGS_MODEL: "m",
      EMBEDDINGS_DIMENSIONS: "384",
      EMBEDDINGS_TIMEOUT_MS: "300",
    });
    try {
      await queueEmbeddingBackfill(t.db);
      expect(await backfillTick(t.db)).toBe(0);
      const [job] = await t.db.job.findMany({ where: { queue: EMBEDDINGS_QUEUE } });
      expect(job).toMatchObject({ status: "queued", attempts: 1 });
      expect(job!.lastError).toMatch(/unreachable/);
      expect(job!.runAt.getTime()).toBeGreaterThan(Date.now() + 5_000);
    } finally {
      failing();
      await t.db.job.deleteMany({ where: { queue: EMBEDDINGS_QUEUE } });
    }
  });
});

describe("rebuild", () => {
  /** The hash provider, failing after `okCalls` calls (an interruption). */
  function interrupted(okCalls: number): TEmbeddingProvider {
    const inner = embeddingProvider()!;
    let calls = 0;
    return {
      id: inner.id,
      model: inner.model,
      dimensions: inner.dimensions,
      embed: async (texts) => {
        if (++calls > okCalls) throw new EmbeddingProviderError("interrupted");
        return inner.embed(texts);
      },
    };
  }

  it("recomputes everything, resumes after an interruption, and reports progress", async () => {
    await expect(rebuildEmbeddings(t.db, interrupted(3), { onlyMissing: false, batch: 10 })).rejects.toThrow("interrupted");
    const progress: { done: number; total: number }[] = [];
    const report = await rebuildEmbeddings(t.db, embeddingProvider()!, {
      onlyMissing: false,
      batch: 10,
      onProgress: (p) => progress.push(p),
    });
    expect(report).toMatchObject({ resumed: true, embedded: 90, selection: "all", model: "hash:feature-hash-384" });
    expect(progress[0]).toEqual({ done: 30, total: 90 });
    expect(progress.at(-1)).toEqual({ done: 90, total: 90 });
    expect(await models("card_embedding")).toEqual([{ model: "hash:feature-hash-384", n: 70 }]);
    const fresh = await rebuildEmbeddings(t.db, embeddingProvider()!, { onlyMissing: true });
    expect(fresh).toMatchObject({ resumed: false, embedded: 0, selection: "pending" });
  });
});
