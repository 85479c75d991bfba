import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "~/server/db/generated/prisma/client";
import { matchingCodesSql } from "~/server/domain/cards/count";
import { buildCardWhere } from "~/server/domain/cards/filters";
import { embeddingProvider, rebuildEmbeddings, searchByVector, semanticPage } from "~/server/domain/embeddings";
import { hashEmbedding } from "~/server/domain/embeddings/providers/hash";
import { dimsSql, vectorLiteral, vectorWithScanSettings } from "~/server/domain/embeddings/vector-sql";
import { openTestDb, type TTestDb } from "../helpers/db";
import { HASH_DIMS, HASH_ENV, setEmbeddingsEnv } from "./env";
import { bruteForce, sameRanking, seedSynthetic, type TSynthetic } from "./fixture";

/**
 * Semantic ranking in the database against a brute-force ranking in JavaScript (deterministic hash
 * vectors): order, threshold, filters first, pagination and totals, both paths (index and exact).
 */
let t: TTestDb;
let fx: TSynthetic;
let restore: () => void;
const QUERIES = ["solar battery grid", "payments wallet lending exchange", "doctor clinic", "robot warehouse delivery freight", "music"];

beforeAll(async () => {
  t = await openTestDb();
  restore = setEmbeddingsEnv(HASH_ENV);
  fx = await seedSynthetic(t.db, { cards: 240, participants: 60 });
});
afterAll(async () => {
  restore();
  await t.close();
});

const page = (over: Partial<Parameters<typeof semanticPage>[1]> = {}) =>
  semanticPage(t.db, { kind: "card", query: QUERIES[0]!, minSimilarity: 0.3, limit: 20, offset: 0, includeTotal: true, ...over });

describe("semantic search", () => {
  it("answers 503 semantic_unavailable while no row has an embedding of the current model", async () => {
    await expect(page()).rejects.toMatchObject({ code: "semantic_unavailable" });
    await rebuildEmbeddings(t.db, embeddingProvider()!, { onlyMissing: true });
    await expect(page()).resolves.toBeTruthy();
  });

  it("ranks by cosine similarity, best first, exactly like a brute-force ranking", async () => {
    for (const query of QUERIES) {
      const got = await page({ query, minSimilarity: 0.2, limit: 100 });
      const want = bruteForce(fx.cards, query, HASH_DIMS, { minSimilarity: 0.2 });
      expect(sameRanking(got.rows, want), query).toBeNull();
      expect(got.total).toBe(Math.min(100, want.length));
      for (const r of got.rows) expect(r.similarity).toBeGreaterThanOrEqual(0.2);
    }
  });

  it("ranks every row without filters the same way on every path (no filter: one scan, no join)", async () => {
    const provider = embeddingProvider()!;
    const ref = { model: `${provider.id}:${provider.model}`, dimensions: provider.dimensions };
    for (const query of QUERIES.slice(0, 3)) {
      const want = bruteForce(fx.cards, query, HASH_DIMS, { minSimilarity: 0.1 });
      const vector = hashEmbedding(query, HASH_DIMS);
      for (const strategy of ["auto", "exact", "index"] as const) {
        const got = await searchByVector(t.db, {
          kind: "card",
          ref,
          vector,
          unfiltered: true,
          minSimilarity: 0.1,
          limit: 100,
          offset: 0,
          includeTotal: true,
          strategy,
        });
        expect(sameRanking(got.rows, want), `${strategy} ${query}`).toBeNull();
        expect(got.total).toBe(Math.min(100, want.length));
      }
    }
  });

  it("drops rows under min_similarity after ranking; the total counts what remains", async () => {
    const all = bruteForce(fx.cards, QUERIES[1]!, HASH_DIMS, { minSimilarity: 0 });
    for (const min of [0, 0.25, 0.4, 0.6, 0.99]) {
      const got = await page({ query: QUERIES[1]!, minSimilarity: min, limit: 100 });
      const want = all.filter((r) => r.similarity >= min - 1e-6);
      expect(got.total).toBe(Math.min(100, want.length));
      expect(sameRanking(got.rows, want), `min ${min}`).toBeNull();
    }
  });

  it("applies the other filters first: stage, categories, flags, on every path", async () => {
    const [seed, growth] = fx.stages;
    const [climate] = fx.categories;
    const cases: [Prisma.Sql, (r: TSynthetic["cards"][number]) => boolean][] = [
      [Prisma.sql`c.stage_id = ${seed}`, (r) => r.stageId === seed],
      [
        Prisma.sql`(c.stage_id = ${seed} OR c.stage_id = ${growth}) AND c.web3`,
        (r) => (r.stageId === seed || r.stageId === growth) && r.web3,
      ],
      [
        Prisma.sql`c.stage_id = ${growth} AND EXISTS (SELECT 1 FROM card_category cc WHERE cc.card_id = c.id AND cc.category_id = ${climate})`,
        (r) => r.stageId === growth && r.categoryIds.includes(climate!),
      ],
    ];
    const provider = embeddingProvider()!;
    const ref = { model: `${provider.id}:${provider.model}`, dimensions: provider.dimensions };
    for (const [where, filter] of cases) {
      for (const query of QUERIES.slice(0, 3)) {
        const want = bruteForce(fx.cards, query, HASH_DIMS, { minSimilarity: 0.1, filter });
        const vector = hashEmbedding(query, HASH_DIMS);
        for (const strategy of ["auto", "exact", "index"] as const) {
          const got = await searchByVector(t.db, {
            kind: "card",
            ref,
            vector,
            where,
            minSimilarity: 0.1,
            limit: 100,
            offset: 0,
            includeTotal: true,
            strategy,
          });
          if (strategy !== "auto") expect(got.path).toBe(strategy);
          expect(sameRanking(got.rows, want), `${strategy} ${query}`).toBeNull();
        }
      }
    }
  });

  it("coded path: a category filter with its rows' codes ranks like a brute-force ranking, each card once", async () => {
    await rebuildEmbeddings(t.db, embeddingProvider()!, { onlyMissing: true }); // also when run alone
    const [, growth] = fx.stages;
    const [climate, fintech] = fx.categories;
    const provider = embeddingProvider()!;
    const ref = { model: `${provider.id}:${provider.model}`, dimensions: provider.dimensions };
    const cases: [Prisma.Sql, Prisma.Sql, (r: TSynthetic["cards"][number]) => boolean][] = [
      [
        Prisma.sql`c.stage_id = ${growth} AND EXISTS (SELECT 1 FROM card_category cc WHERE cc.card_id = c.id AND cc.category_id = ${climate})`,
        Prisma.sql`SELECT cc.card_id AS id, cc.code FROM card_category cc WHERE cc.category_id = ${climate} AND cc.stage_id = ${growth} AND cc.code IS NOT NULL`,
        (r) => r.stageId === growth && r.categoryIds.includes(climate!),
      ],
    ];
    // Two categories and a stage as the card list builds them: a card in both categories has two
    // rows, and is ranked once.
    const listed = await buildCardWhere(t.db, 0, { stages: ["emb-growth"], categories: ["emb-climate", "emb-fintech"] });
    cases.push([
      listed.sql,
      matchingCodesSql(listed)!,
      (r) => r.stageId === growth && (r.categoryIds.includes(climate!) || r.categoryIds.includes(fintech!)),
    ]);
    // Codes of another size (a model change in progress, one card in three): the pass pads or
    // cuts them without an error, and the re-ranking by full vectors settles the order.
    cases.push([
      cases[0]![0],
      Prisma.sql`SELECT cc.card_id AS id, CASE WHEN cc.card_id % 3 = 0 THEN substring(cc.code FROM 1 FOR 64) ELSE cc.code END AS code
                   FROM card_category cc WHERE cc.category_id = ${climate} AND cc.stage_id = ${growth} AND cc.code IS NOT NULL`,
      cases[0]![2],
    ]);
    const both = fx.cards.filter((r) => r.stageId === growth && r.categoryIds.includes(climate!) && r.categoryIds.includes(fintech!));
    expect(both.length).toBeGreaterThan(0);
    for (const [where, codes, filter] of cases) {
      for (const query of QUERIES.slice(0, 3)) {
        const want = bruteForce(fx.cards, query, HASH_DIMS, { minSimilarity: 0.1, filter });
        const vector = hashEmbedding(query, HASH_DIMS);
        for (const includeTotal of [true, false]) {
          const got = await searchByVector(t.db, {
            kind: "card",
            ref,
            vector,
            where,
            codes,
            minSimilarity: 0.1,
            limit: 20,
            offset: 0,
            includeTotal,
            strategy: "coded",
          });
          expect(got.path).toBe("coded");
          expect(sameRanking(got.rows.slice(0, 20), want.slice(0, 20)), `coded ${query}`).toBeNull();
          expect(new Set(got.rows.map((r) => r.id)).size).toBe(got.rows.length);
          if (includeTotal) expect(got.total).toBe(Math.min(100, want.length));
        }
      }
    }
  });

  it("pages through the result list: pages join into the list, total and has_next agree", async () => {
    const full = await page({ query: QUERIES[3]!, minSimilarity: 0.15, limit: 100 });
    expect(full.total).toBeGreaterThan(20);
    for (const includeTotal of [true, false]) {
      const seen: number[] = [];
      for (let offset = 0; ; offset += 7) {
        const p = await page({ query: QUERIES[3]!, minSimilarity: 0.15, limit: 7, offset, includeTotal });
        expect(p.total).toBe(includeTotal ? full.total : null);
        const hasNext = includeTotal ? offset + 7 < p.total! : p.rows.length > 7;
        seen.push(...p.rows.slice(0, 7).map((r) => r.id));
        if (!hasNext) break;
      }
      expect(seen).toEqual(full.rows.map((r) => r.id));
    }
    const beyond = await page({ query: QUERIES[3]!, minSimilarity: 0.15, limit: 20, offset: full.total! });
    expect(beyond).toEqual({ rows: [], total: full.total });
  });

  it("gives a small page the total and first rows of the whole list, however the total is found", async () => {
    // limit 100 ranks the whole list. limit 20 ranks the whole list too (no filter, or the exact
    // path: auto, with 240 cards) or, with filters on the index path, 20, the total then coming
    // from the page, from a sample that shows the list is full (minimum similarity 0 and a filter
    // keeping all 240 cards), or from ranking all after the page.
    const [seed] = fx.stages;
    await t.db.$executeRawUnsafe("ANALYZE card"); // the row estimates that choose the path
    const provider = embeddingProvider()!;
    const ref = { model: `${provider.id}:${provider.model}`, dimensions: provider.dimensions };
    for (const strategy of ["auto", "index"] as const) {
      for (const where of [
        undefined,
        Prisma.sql`c.stage_id = ${seed}`,
        Prisma.sql`c.stage_id IS NOT NULL`,
        Prisma.sql`c.id > 0`,
        Prisma.sql`c.id % 40 = 0`,
      ]) {
        for (const minSimilarity of [0, 0.1, 0.2, 0.35]) {
          for (const query of QUERIES.slice(0, 3)) {
            const base = {
              kind: "card" as const,
              ref,
              vector: hashEmbedding(query, HASH_DIMS),
              where,
              unfiltered: !where,
              minSimilarity,
              offset: 0,
              includeTotal: true,
              strategy,
            };
            const whole = await searchByVector(t.db, { ...base, limit: 100 });
            const small = await searchByVector(t.db, { ...base, limit: 20 });
            const label = `${strategy} ${where ? "filtered" : "all"} ${minSimilarity} ${query}`;
            expect(small.total, label).toBe(whole.total);
            expect(
              small.rows.map((r) => r.id),
              label,
            ).toEqual(whole.rows.slice(0, 20).map((r) => r.id));
          }
        }
      }
    }
  });

  it("index path: pages extend one another whatever the limit (strict-order scan)", async () => {
    const provider = embeddingProvider()!;
    const ref = { model: `${provider.id}:${provider.model}`, dimensions: provider.dimensions };
    // A query vector in general position: no two cards tie, so the order is fully determined.
    const vector = Array.from({ length: HASH_DIMS }, (_, i) => Math.sin(i * 12.9898 + 78.233));
    const base = {
      kind: "card" as const,
      ref,
      vector,
      where: Prisma.sql`c.stage_id <> ${fx.stages[2]!}`,
      minSimilarity: 0,
      offset: 0,
      strategy: "index" as const,
    };
    const full = await searchByVector(t.db, { ...base, limit: 100, includeTotal: true });
    expect(full.path).toBe("index");
    const seen: number[] = [];
    for (let offset = 0; offset < full.total!; offset += 9) {
      const p = await searchByVector(t.db, { ...base, limit: 9, offset, includeTotal: false });
      seen.push(...p.rows.slice(0, 9).map((r) => r.id));
    }
    expect(seen).toEqual(full.rows.map((r) => r.id));
  });

  it("caps the list at the largest page (100 cards); a filter that matches nothing gives an empty page", async () => {
    const wide = await page({ query: QUERIES[0]!, minSimilarity: 0, limit: 100 });
    expect(wide.total).toBe(100);
    const after = await page({ query: QUERIES[0]!, minSimilarity: 0, limit: 20, offset: 100, includeTotal: false });
    expect(after.rows).toEqual([]);
    expect(await page({ where: Prisma.sql`FALSE`, empty: true })).toEqual({ rows: [], total: 0 });
    expect(await page({ where: Prisma.sql`c.stage_id = -1` })).toEqual({ rows: [], total: 0 });
  });

  it("ranks participants too, with their filters on the alias p", async () => {
    const fund = fx.types.fund!;
    const where = Prisma.sql`p.type_id = ${fund} AND p.web3 = true`;
    const got = await semanticPage(t.db, {
      kind: "participant",
      query: "health doctor genome",
      where,
      minSimilarity: 0.1,
      limit: 200,
      offset: 0,
      includeTotal: true,
    });
    const want = bruteForce(fx.participants, "health doctor genome", HASH_DIMS, {
      minSimilarity: 0.1,
      filter: (r) => r.stageId === fund && r.web3,
    });
    expect(sameRanking(got.rows, want, want.length)).toBeNull();
    expect(got.total).toBe(want.length);
  });

  it("answers 503 when the provider is off, and after a model change until the new model's vectors exist", async () => {
    const off = setEmbeddingsEnv({ EMBEDDINGS_PROVIDER: "OFF" });
    try {
      await expect(page()).rejects.toMatchObject({ code: "semantic_unavailable", status: 503 });
    } finally {
      off();
    }
    const other = setEmbeddingsEnv({ EMBEDDINGS_PROVIDER: "hash", EMBEDDINGS_DIMENSIONS: "64" });
    try {
      await expect(page()).rejects.toMatchObject({ code: "semantic_unavailable" });
    } finally {
      other();
    }
    await expect(page()).resolves.toBeTruthy();
  });

  it("index path: a run of equal distances past the similarity threshold is not read to its end", async () => {
    const provider = embeddingProvider()!;
    await rebuildEmbeddings(t.db, provider, { onlyMissing: true }); // also when run alone
    const ref = { model: `${provider.id}:${provider.model}`, dimensions: provider.dimensions };
    const unit = (...parts: [number, number][]) => {
      const v = new Array<number>(HASH_DIMS).fill(0);
      for (const [i, x] of parts) v[i] = x;
      return vectorLiteral(v);
    };
    const ids = fx.cards.map((c) => c.id);
    const saved = await t.db.$queryRaw<
      { id: number; v: string }[]
    >`SELECT card_id AS id, embedding::text AS v FROM card_embedding WHERE card_id = ANY(${ids}::int[])`;
    // 60 cards share one vector (similarity 0.447 to the query), the others another (similarity 0).
    const tied = ids.slice(0, 60);
    await t.db.$executeRaw`UPDATE card_embedding SET embedding = ${unit([1, 1])}::vector WHERE card_id = ANY(${tied}::int[])`;
    await t.db.$executeRaw`UPDATE card_embedding SET embedding = ${unit([2, 1])}::vector WHERE card_id = ANY(${ids.slice(60)}::int[])`;
    let reads = 0;
    const counting = new Proxy(t.db, {
      get: (target, prop, receiver) =>
        prop === "$queryRaw"
          ? (...a: unknown[]) => (reads++, (target.$queryRaw as (...x: unknown[]) => unknown)(...a))
          : Reflect.get(target, prop, receiver),
    });
    try {
      const search = (minSimilarity: number) =>
        searchByVector(counting, {
          kind: "card",
          ref,
          vector: [1, 0.5, ...new Array<number>(HASH_DIMS - 2).fill(0)],
          unfiltered: true,
          minSimilarity,
          limit: 20,
          offset: 0,
          includeTotal: false,
          strategy: "index",
        });
      expect((await search(0.99)).rows).toEqual([]);
      expect(reads).toBe(1);
      // Within the threshold the run is the list itself: read to its end, ordered by id.
      reads = 0;
      const page = await search(0.3);
      expect(page.rows.map((r) => r.id)).toEqual([...tied].sort((a, b) => a - b).slice(0, 21));
      expect(reads).toBeGreaterThan(1);
    } finally {
      for (const row of saved) await t.db.$executeRaw`UPDATE card_embedding SET embedding = ${row.v}::vector WHERE card_id = ${row.id}`;
    }
  });

  it("reads the page's rows with the ranking, on every path, for exactly the page's items", async () => {
    const provider = embeddingProvider()!;
    await rebuildEmbeddings(t.db, provider, { onlyMissing: true }); // also when run alone
    const ref = { model: `${provider.id}:${provider.model}`, dimensions: provider.dimensions };
    const vector = hashEmbedding(QUERIES[1]!, HASH_DIMS);
    const pageRow = (id: Prisma.Sql) => Prisma.sql`(SELECT 'card ' || ${id}::text)`;
    for (const strategy of ["index", "exact"] as const) {
      for (const includeTotal of [false, true]) {
        const base = {
          kind: "card" as const,
          ref,
          vector,
          unfiltered: true,
          minSimilarity: 0.05,
          limit: 15,
          offset: 15,
          includeTotal,
          strategy,
        };
        const plain = await searchByVector(t.db, base);
        const withRows = await searchByVector(t.db, { ...base, pageRow });
        const label = `${strategy} total=${includeTotal}`;
        expect(plain.rows.length, label).toBe(includeTotal ? 15 : 16);
        expect(
          withRows.rows.map((r) => r.id),
          label,
        ).toEqual(plain.rows.map((r) => r.id));
        expect(
          withRows.rows.map((r) => r.row),
          label,
        ).toEqual(plain.rows.map((r) => `card ${r.id}`));
        expect(withRows.total, label).toBe(plain.total);
        expect(
          plain.rows.every((r) => r.row === undefined),
          label,
        ).toBe(true);
      }
    }
  });

  it("index scan settings travel in the scan's own statement and last only for it", async () => {
    await rebuildEmbeddings(t.db, embeddingProvider()!, { onlyMissing: true }); // also when run alone
    const n = dimsSql(HASH_DIMS);
    const q = vectorLiteral(hashEmbedding(QUERIES[0]!, HASH_DIMS));
    // Without iterative scans, an HNSW scan returns at most ef_search rows: the count shows the setting.
    const client = new pg.Client({ connectionString: t.url });
    await client.connect();
    try {
      await client.query("SET enable_seqscan = off"); // the index, even on a small table
      const scan = async (efSearch: number) => {
        const settings = { "hnsw.iterative_scan": "off", "hnsw.ef_search": String(efSearch) };
        const sql = Prisma.sql`
          SELECT card_id AS id FROM card_embedding e WHERE vector_dims(e.embedding) = ${n}
           ORDER BY e.embedding::vector(${n}) <=> ${vectorWithScanSettings(q, n, settings)}
           LIMIT 100`;
        return (await client.query(sql.text, sql.values)).rowCount;
      };
      expect(await scan(3)).toBe(3);
      expect(await scan(17)).toBe(17);
      // The same connection afterwards: back to pgvector's defaults.
      const after = await client.query("SELECT current_setting('hnsw.ef_search') AS ef, current_setting('hnsw.iterative_scan') AS it");
      expect(after.rows[0]).toEqual({ ef: "40", it: "off" });
      await client.query("SET hnsw.iterative_scan = strict_order");
      expect(await scan(3)).toBe(3); // the statement's own value wins over the session's
      expect((await client.query("SELECT current_setting('hnsw.iterative_scan') AS it")).rows[0]).toEqual({ it: "strict_order" });
    } finally {
      await client.end();
    }
  });

  it("keeps a 512-d vector's row inline, a long model key included (searches check the key on every candidate)", async () => {
    const card = fx.cards[0]!.id;
    const rollback = new Error("rollback");
    const chunks = await t.db
      .$transaction(async (tx) => {
        const toastChunks = async () => {
          const [table] = await tx.$queryRaw<
            { toast: string }[]
          >`SELECT reltoastrelid::regclass::text AS toast FROM pg_class WHERE oid = 'card_embedding'::regclass`;
          const [count] = await tx.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${table!.toast}`);
          return count!.n;
        };
        const before = await toastChunks();
        // 2,056 bytes of vector: the row is over PostgreSQL's 2 kB threshold, as with the local model.
        await tx.$executeRaw`UPDATE card_embedding SET model = 'local:universal-sentence-encoder-lite', embedding = array_fill(0.5::real, ARRAY[512])::vector WHERE card_id = ${card}`;
        throw Object.assign(rollback, { chunks: (await toastChunks()) - before });
      })
      .catch((e: unknown) => (e === rollback ? (e as Error & { chunks: number }).chunks : Promise.reject(e)));
    expect(chunks).toBe(0);
  });
});
