/**
 * Synthetic 512-d vectors shaped like the local model's embeddings of the demo cards, for
 * bench:semantic (a million real embeddings would take hours to compute on this machine).
 *
 * A card's vector is the sum of
 *   - a mean shared by every vector (real embeddings sit in a narrow cone, not around the origin),
 *   - its sector's centre (the card's root category, as its generated text is),
 *   - one of the sector's SUBS sub-centres (the product and customer phrases of its text),
 *   - two vectors from a pool of POOL low-rank offsets (each a combination of RANK directions shared
 *     by all vectors: the few ways texts of one topic vary),
 *   - one vector from a pool of POOL small isotropic offsets (everything else).
 * Every component is drawn with u(s) = (three uniforms - 1.5) * s per coordinate, standard
 * deviation s / 2.
 *
 * The scales were fitted (`npm run bench:semantic:calibrate`) so that, at the same size, the
 * synthetic set has the same distance profile as USE-lite embeddings of 4,200 demo cards: the
 * median cosine distance from a card to its 1st, 20th, 100th and 1000th neighbour and to the
 * median card, and the local intrinsic dimensionality (LID, maximum-likelihood estimate over 20
 * neighbours) of about 8. The generator used before this calibration (isotropic noise in all 512
 * dimensions) had a LID of 44 at a million vectors: every card of a sub-centre was at nearly the
 * same distance from a query, which no text encoder produces.
 */

export interface TClusterShape {
  mean: number;
  sector: number;
  sub: number;
  lowRank: number;
  rank: number;
  isotropic: number;
}

const DIMS = 512;
const SUBS = 40;
const POOL = 3000;

/** Fitted against USE lite on the demo cards (see the top of this file). */
export const CALIBRATED: TClusterShape = { mean: 1.2, sector: 0.55, sub: 0.38, lowRank: 0.24, rank: 14, isotropic: 0.195 };

const U = "(random() + random() + random() - 1.5)::real";
/** A fresh u(s) vector per row of the enclosing query (the WHERE ties the subquery to that row). */
const uVector = (s: number, row: string) =>
  `(SELECT array_agg(${U} * ${s}) FROM generate_series(1, ${DIMS}) WHERE ${row} IS NOT NULL)::vector`;

/**
 * SQL that creates the generator's tables (unlogged, deterministic for a seed): vm_bench_centre
 * (k = root category id), vm_bench_sub (k, s), vm_bench_lr and vm_bench_iso (j = 0..POOL-1).
 */
export function generatorSql(shape: TClusterShape): string {
  const n = (x: number) => {
    if (!Number.isFinite(x)) throw new Error(`bad generator parameter ${x}`);
    return x;
  };
  return `
  SELECT setseed(0.42);
  DROP TABLE IF EXISTS vm_bench_noise, vm_bench_mean, vm_bench_centre, vm_bench_sub, vm_bench_basis, vm_bench_coef, vm_bench_lr, vm_bench_iso;
  CREATE UNLOGGED TABLE vm_bench_mean AS SELECT ${uVector(n(shape.mean), "1")} AS v;
  CREATE UNLOGGED TABLE vm_bench_centre AS SELECT c.id AS k, m.v + ${uVector(n(shape.sector), "c.id")} AS v
    FROM category c, vm_bench_mean m WHERE c.parent_id IS NULL;
  CREATE UNLOGGED TABLE vm_bench_sub AS SELECT bc.k, s, bc.v + ${uVector(n(shape.sub), "s")} AS v
    FROM vm_bench_centre bc, generate_series(0, ${SUBS - 1}) s;
  CREATE INDEX ON vm_bench_sub (k, s);
  CREATE UNLOGGED TABLE vm_bench_basis AS SELECT k, d, ${U} AS x FROM generate_series(0, ${n(shape.rank) - 1}) k, generate_series(1, ${DIMS}) d;
  CREATE UNLOGGED TABLE vm_bench_coef AS SELECT j, k, ${U} * ${n(shape.lowRank)} * 2 / sqrt(2) AS g
    FROM generate_series(0, ${POOL - 1}) j, generate_series(0, ${n(shape.rank) - 1}) k;
  CREATE UNLOGGED TABLE vm_bench_lr AS SELECT j, array_agg(x ORDER BY d)::vector AS v
    FROM (SELECT c.j, b.d, sum(c.g * b.x)::real AS x FROM vm_bench_coef c JOIN vm_bench_basis b ON b.k = c.k GROUP BY c.j, b.d) t GROUP BY j;
  CREATE UNLOGGED TABLE vm_bench_iso AS SELECT j, ${uVector(n(shape.isotropic), "j")} AS v FROM generate_series(0, ${POOL - 1}) j;
  CREATE UNIQUE INDEX ON vm_bench_lr (j);
  CREATE UNIQUE INDEX ON vm_bench_iso (j);`;
}

/** Picks 0..m-1 from an integer SQL expression (deterministic, spread by hashint4). */
const pickSql = (expr: string, m: number) => `(hashint4(${expr}) & 2147483647) % ${m}`;

/**
 * The FROM items and the vector expression of one generated vector, for a row numbered by the
 * integer SQL expression `id` whose sector (root category id) is the SQL expression `sector`.
 * `salt` separates the draws of queries from those of cards.
 */
export function vectorSql(id: string, sector: string, salt: number): { from: string; vector: string } {
  const s = (m: number) => `${id} * ${m} + ${salt}`;
  return {
    from: `JOIN vm_bench_sub bs ON bs.k = ${sector} AND bs.s = ${pickSql(s(7), SUBS)}
      JOIN vm_bench_lr l1 ON l1.j = ${pickSql(s(13), POOL)}
      JOIN vm_bench_lr l2 ON l2.j = ${pickSql(s(17), POOL)}
      JOIN vm_bench_iso i1 ON i1.j = ${pickSql(s(19), POOL)}`,
    vector: "bs.v + l1.v + l2.v + i1.v",
  };
}

/** The same generator in JavaScript (for the calibration): `n` vectors over `sectors` sectors. */
export function syntheticVectors(shape: TClusterShape, sectors: number, n: number, seed = 7): Float32Array[] {
  let state = seed >>> 0;
  const rnd = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const u = (s: number) => {
    const v = new Float32Array(DIMS);
    for (let i = 0; i < DIMS; i++) v[i] = (rnd() + rnd() + rnd() - 1.5) * s;
    return v;
  };
  const plus = (a: Float32Array, b: Float32Array) => a.map((x, i) => x + b[i]!);
  const mean = u(shape.mean);
  const subs = Array.from({ length: sectors }, () => {
    const centre = plus(mean, u(shape.sector));
    return Array.from({ length: SUBS }, () => plus(centre, u(shape.sub)));
  });
  const basis = Array.from({ length: shape.rank }, () => u(1));
  const lowRank = Array.from({ length: POOL }, () => {
    const v = new Float32Array(DIMS);
    for (const b of basis) {
      const g = ((rnd() + rnd() + rnd() - 1.5) * shape.lowRank * 2) / Math.SQRT2;
      for (let i = 0; i < DIMS; i++) v[i]! += g * b[i]!;
    }
    return v;
  });
  const iso = Array.from({ length: POOL }, () => u(shape.isotropic));
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  return Array.from({ length: n }, (_, j) => {
    const parts = [pick(subs[j % sectors]!), pick(lowRank), pick(lowRank), pick(iso)];
    const v = new Float32Array(DIMS);
    for (const p of parts) for (let i = 0; i < DIMS; i++) v[i]! += p[i]!;
    return v;
  });
}

export interface TDistanceProfile {
  d1: number;
  d20: number;
  d100: number;
  d1000: number;
  median: number;
  lid20: number;
}

/**
 * Medians over the queries of the cosine distance to the 1st, 20th, 100th and 1000th nearest
 * vector of `base` and to its median vector, and of the LID estimated from the 20 nearest.
 */
export function distanceProfile(base: Float32Array[], queries: Float32Array[]): TDistanceProfile {
  const unit = (v: Float32Array) => {
    const len = Math.hypot(...v);
    return v.map((x) => x / len);
  };
  const b = base.map(unit);
  const acc: Record<keyof TDistanceProfile, number[]> = { d1: [], d20: [], d100: [], d1000: [], median: [], lid20: [] };
  const d = new Float64Array(b.length);
  for (const raw of queries) {
    const q = unit(raw);
    for (let j = 0; j < b.length; j++) {
      let dot = 0;
      const v = b[j]!;
      for (let i = 0; i < DIMS; i++) dot += v[i]! * q[i]!;
      d[j] = 1 - dot;
    }
    d.sort();
    const at = (k: number) => d[Math.min(k, d.length) - 1]!;
    let logs = 0;
    for (let i = 0; i < 19; i++) logs += Math.log(Math.max(d[i]!, 1e-9) / at(20));
    acc.d1.push(at(1));
    acc.d20.push(at(20));
    acc.d100.push(at(100));
    acc.d1000.push(at(1000));
    acc.median.push(d[d.length >> 1]!);
    acc.lid20.push(-19 / logs);
  }
  const med = (xs: number[]) => [...xs].sort((x, y) => x - y)[xs.length >> 1]!;
  return Object.fromEntries(Object.entries(acc).map(([k, v]) => [k, med(v)])) as unknown as TDistanceProfile;
}
