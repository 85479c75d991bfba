import { isIndexed } from "./vector-sql";
import type { TSearchPath, TVectorSearch } from "./vector-search.types";

/**
 * The path a semantic search starts on (vector-search.ts describes the three), from the planner's
 * estimate of the rows its filters leave.
 */

/**
 * Estimated filtered rows up to which exact search is chosen: about 2,300 real rows (the planner
 * estimates a stage and a sector at twice their count), ranked exactly in less time than a
 * filtered walk of the index takes (bench:semantic, bench/results/semantic.md).
 */
export const EXACT_ALWAYS = 5_000;

/**
 * Estimated filtered rows up to which a filter that has codes is ranked on the coded path: the
 * Hamming pass reads each filtered row's code, a cost that grows with the rows, so beyond a few
 * tens of thousands of rows the index walk, which such a broad filter rarely starves, is cheaper.
 */
export const CODED_MAX = 60_000;

/**
 * A forced path when the search asks for one (coded only with codes, index only for indexed
 * sizes; exact otherwise); else exact when the estimate is at most EXACT_ALWAYS, coded when the
 * filter comes with codes and the estimate is at most CODED_MAX, exact when the dimensions have
 * no index, and the index otherwise. `estimate` is null when the search forces a path.
 */
export function startingPath(s: Pick<TVectorSearch, "strategy" | "codes" | "ref">, estimate: number | null): TSearchPath {
  if (s.strategy === "coded" && s.codes) return "coded";
  if (s.strategy === "exact" || s.strategy === "coded") return "exact";
  if (s.strategy === "index") return isIndexed(s.ref.dimensions) ? "index" : "exact";
  if (estimate !== null && estimate <= EXACT_ALWAYS) return "exact";
  if (s.codes && estimate !== null && estimate <= CODED_MAX) return "coded";
  return isIndexed(s.ref.dimensions) ? "index" : "exact";
}
