/**
 * `npm run bench:semantic:calibrate`: checks that bench:semantic's synthetic vectors look like the
 * local model's embeddings. It embeds the texts of the first BENCH_CALIBRATE_CARDS demo cards
 * (default 4,200: about two minutes) with USE lite, the same number of synthetic vectors with the
 * CALIBRATED shape, and prints the distance profile of both (bench/lib/clustered-vectors.ts), with
 * the last 200 of each as queries. Then the synthetic profile at the density bench:semantic works
 * at (one sector of a million vectors: 40 sub-centres of about 2,300).
 */
import { demoRecords } from "../server/domain/demo";
import { embeddingText } from "../server/domain/embeddings/kinds";
import { createLocalProvider } from "../server/domain/embeddings/providers/local";
import { CALIBRATED, distanceProfile, syntheticVectors, type TDistanceProfile } from "./lib/clustered-vectors";
import { printTable } from "./lib/report";

const CARDS = Number(process.env.BENCH_CALIBRATE_CARDS ?? 4200);
const QUERIES = 200;
const SECTORS = 11;

function demoTexts(n: number): string[] {
  const texts: string[] = [];
  for (const r of demoRecords({ scale: Math.ceil(n / 2000), now: new Date("2026-11-01T00:00:00Z") })) {
    if (r.kind !== "card") continue;
    texts.push(embeddingText(String(r.name), typeof r.description === "string" ? r.description : null));
    if (texts.length === n) break;
  }
  return texts;
}

async function modelVectors(texts: string[]): Promise<Float32Array[]> {
  const provider = createLocalProvider();
  try {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += 64) {
      for (const v of await provider.embed(texts.slice(i, i + 64))) out.push(Float32Array.from(v));
      process.stderr.write(`\r  embedded ${out.length} / ${texts.length}`);
    }
    process.stderr.write("\n");
    return out;
  } finally {
    await provider.close?.();
  }
}

const row = (what: string, p: TDistanceProfile) => ({
  what,
  ...Object.fromEntries(Object.entries(p).map(([k, v]) => [k, (v as number).toFixed(3)])),
});
const split = (vs: Float32Array[]) => [vs.slice(0, vs.length - QUERIES), vs.slice(vs.length - QUERIES)] as const;

async function main() {
  const real = await modelVectors(demoTexts(CARDS));
  const synthetic = syntheticVectors(CALIBRATED, SECTORS, CARDS);
  // One sector at a million-vector density: its 40 sub-centres with about 2,300 vectors each.
  const dense = syntheticVectors(CALIBRATED, 1, 40 * 2300 + QUERIES);
  printTable(`distance profile (cosine distance, medians over ${QUERIES} queries; lid20 = local intrinsic dimensionality)`, [
    row(`USE lite, ${CARDS} demo cards`, distanceProfile(...split(real))),
    row(`synthetic, ${CARDS} vectors`, distanceProfile(...split(synthetic))),
    row("synthetic, 2,300 per sub-centre", distanceProfile(...split(dense))),
  ]);
  process.stdout.write(`\nshape: ${JSON.stringify(CALIBRATED)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
