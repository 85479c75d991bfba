import type { TDb } from "~/server/db/client";
import { embeddingText } from "~/server/domain/embeddings/kinds";
import { hashEmbedding } from "~/server/domain/embeddings/providers/hash";

/**
 * Datasets for the embedding tests.
 *
 * `seedSynthetic`: cards and participants whose texts are random picks from a small vocabulary (a
 * fixed seed), with stages, categories and flags, so that the deterministic hash embedder gives
 * known similarities: `bruteForce` ranks them in JavaScript, the reference the database must match.
 */

const WORDS = [
  "solar",
  "battery",
  "grid",
  "carbon",
  "payments",
  "lending",
  "wallet",
  "exchange",
  "robot",
  "warehouse",
  "delivery",
  "freight",
  "tutor",
  "school",
  "language",
  "health",
  "clinic",
  "doctor",
  "genome",
  "drug",
  "game",
  "music",
  "video",
  "travel",
  "hotel",
  "food",
  "kitchen",
  "farm",
  "water",
  "security",
];

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    s = Math.imul(s ^ (s >>> 12), 0x297a2d39) >>> 0;
    return ((s ^ (s >>> 15)) >>> 0) / 4294967296;
  };
}

export interface TRow {
  id: number;
  name: string;
  body: string | null;
  stageId: number | null;
  categoryIds: number[];
  web3: boolean;
}

export interface TSynthetic {
  stages: number[];
  categories: number[];
  cards: TRow[];
  participants: TRow[];
  /** participant type ids by slug */
  types: Record<string, number>;
}

export async function seedSynthetic(db: TDb, opts: { cards: number; participants: number; seed?: number }): Promise<TSynthetic> {
  const next = rng(opts.seed ?? 7);
  const pick = () => WORDS[Math.floor(next() * WORDS.length)]!;
  const phrase = (n: number) => Array.from({ length: n }, pick).join(" ");
  const stages = [];
  for (const [i, slug] of ["seed", "growth", "mature"].entries()) {
    stages.push((await db.stage.create({ data: { slug: `emb-${slug}`, name: slug, position: i + 1 } })).id);
  }
  const categories = [];
  for (const slug of ["climate", "fintech", "health"]) {
    categories.push((await db.category.create({ data: { slug: `emb-${slug}`, name: slug } })).id);
  }
  const cards: TRow[] = [];
  for (let i = 0; i < opts.cards; i++) {
    const name = `${phrase(2)} ${i}`;
    const body = next() < 0.1 ? null : phrase(3 + Math.floor(next() * 4));
    const stageId = next() < 0.15 ? null : stages[Math.floor(next() * stages.length)]!;
    const categoryIds = categories.filter(() => next() < 0.4);
    const web3 = next() < 0.3;
    const card = await db.card.create({
      data: {
        slug: `emb-card-${i}`,
        name,
        description: body,
        stageId,
        web3,
        categories: { create: categoryIds.map((categoryId) => ({ categoryId })) },
      },
    });
    cards.push({ id: card.id, name, body, stageId, categoryIds, web3 });
  }
  const types: Record<string, number> = {};
  for (const slug of ["fund", "angel"]) types[slug] = (await db.participantType.create({ data: { slug: `emb-${slug}`, name: slug } })).id;
  const participants: TRow[] = [];
  for (let i = 0; i < opts.participants; i++) {
    const name = `${phrase(1)} capital ${i}`;
    const body = phrase(4);
    const web3 = next() < 0.5;
    const typeId = next() < 0.5 ? types.fund! : types.angel!;
    const p = await db.participant.create({ data: { slug: `emb-p-${i}`, name, about: body, typeId, web3 } });
    participants.push({ id: p.id, name, body, stageId: typeId, categoryIds: [], web3 });
  }
  // Fresh statistics, as autovacuum would have them: small tables are then searched exactly.
  await db.$executeRawUnsafe("ANALYZE card");
  await db.$executeRawUnsafe("ANALYZE participant");
  return { stages, categories, cards, participants, types };
}

export interface TExpected {
  id: number;
  similarity: number;
}

/** The exact ranking the database must reproduce: hash vectors, cosine, filters, threshold, best first. */
export function bruteForce(
  rows: TRow[],
  query: string,
  dims: number,
  opts: { minSimilarity: number; filter?: (r: TRow) => boolean },
): TExpected[] {
  const q = hashEmbedding(query.trim(), dims);
  return rows
    .filter(opts.filter ?? (() => true))
    .map((r) => {
      const v = hashEmbedding(embeddingText(r.name, r.body), dims);
      const dot = v.reduce((s, x, i) => s + x * q[i]!, 0);
      return { id: r.id, similarity: Math.min(1, Math.max(0, dot)) };
    })
    .filter((r) => r.similarity >= opts.minSimilarity - 1e-6)
    .sort((a, b) => b.similarity - a.similarity || a.id - b.id);
}

/**
 * `actual` is the first `actual.length` entries of `expected` up to float4 rounding: similarities
 * equal within 1e-5 at every rank, and the same ids except where similarities tie (a tie group
 * may also be cut differently at the end of the list). `expected` is the whole ranking.
 */
export function sameRanking(actual: TExpected[], expected: TExpected[], length = Math.min(expected.length, 100)): string | null {
  if (actual.length !== length) return `length ${actual.length} != ${length}`;
  for (let i = 0; i < actual.length; i++) {
    const a = actual[i]!;
    const e = expected[i]!;
    if (Math.abs(a.similarity - e.similarity) > 1e-5) return `rank ${i}: similarity ${a.similarity} != ${e.similarity}`;
    if (a.id !== e.id) {
      const tie = expected.filter((x) => Math.abs(x.similarity - e.similarity) <= 1e-5).map((x) => x.id);
      if (!tie.includes(a.id)) return `rank ${i}: id ${a.id} != ${e.id} (not a tie)`;
    }
  }
  if (new Set(actual.map((a) => a.id)).size !== actual.length) return "an id appears twice";
  return null;
}

/**
 * A labelled set for the local model's quality check: each query names, in other words, the one
 * card it is about.
 */
export const LABELLED_CARDS: [slug: string, name: string, description: string][] = [
  ["radiology", "ScanSight", "AI assistant that reads chest X-rays and CT scans to flag tumours for radiologists."],
  ["telehealth", "DocNow", "Video consultations with licensed physicians from your phone, prescriptions included."],
  ["glucose", "SugarTrack", "Continuous glucose monitoring app that helps people with diabetes manage insulin."],
  ["solar", "SunRoof", "Marketplace for installing rooftop solar panels on family homes."],
  ["carbon", "CaptureCo", "Captures carbon dioxide from factory smokestacks and stores it underground."],
  ["grid-storage", "VoltBank", "Large battery systems that store renewable electricity for the power grid."],
  ["remittance", "HomeSend", "Mobile wallet for migrant workers to send money to their families in other countries."],
  ["invoices", "PayLater", "Invoice financing that advances cash to small businesses waiting on customer payments."],
  ["dex", "SwapPool", "Decentralized exchange where users trade crypto tokens directly from their own wallets."],
  ["nft", "Artifact", "Marketplace for buying and selling digital art as NFTs."],
  ["math-tutor", "MathPal", "An AI tutor that helps high school students practise algebra and geometry."],
  ["bootcamp", "CodeCamp", "Twelve-week online bootcamp that trains career switchers to become software engineers."],
  ["languages", "Lingo", "Learn Spanish, French or Japanese through live lessons with native speakers."],
  ["delivery-robots", "Rolly", "Sidewalk robots that deliver groceries and takeout to your door."],
  ["freight", "HaulHub", "Digital freight brokerage matching truck drivers with shippers' loads."],
  ["plant-meat", "GreenPatty", "Burgers and sausages made from peas and soy that taste like beef."],
  ["meal-kits", "ChefBox", "Weekly boxes of fresh ingredients and recipes for cooking dinner at home."],
  ["password", "VaultKey", "Password manager that keeps a team's logins and secrets encrypted."],
  ["phishing", "MailShield", "Stops phishing emails and impersonation attacks before employees click."],
  ["hotels", "StayEasy", "Book boutique hotels and vacation rentals with flexible cancellation."],
];

export const LABELLED_QUERIES: [query: string, slug: string][] = [
  ["help doctors find cancer in medical images", "radiology"],
  ["see a doctor online without visiting a clinic", "telehealth"],
  ["diabetes blood sugar tracking", "glucose"],
  ["clean energy from the sun for houses", "solar"],
  ["removing CO2 emissions from industry", "carbon"],
  ["send money abroad to relatives", "remittance"],
  ["trade cryptocurrency without a middleman", "dex"],
  ["teach teenagers mathematics with artificial intelligence", "math-tutor"],
  ["become a programmer through an intensive course", "bootcamp"],
  ["vegetarian meat substitute", "plant-meat"],
  ["protect employees from email scams", "phishing"],
  ["trucking logistics platform", "freight"],
];
