/**
 * How a typed query matches a name, for typeahead: the tiers results are ranked by (an exact name
 * first, then names that start with the query, then names with a word that does, then names that
 * hold it, then names within a typo or two of it) and the in-memory matcher of the small lists
 * (reference data, folders, saved filters). The database sources (sources.ts) find the same tiers
 * with indexes.
 */

export const MATCH_TIERS = ["exact", "prefix", "word", "contains", "fuzzy"] as const;
export type TMatchTier = (typeof MATCH_TIERS)[number];

/** Lower case, accents dropped, every run of spaces and punctuation one space, trimmed. */
export function normalizeName(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Edits a query of this length may be away from a name and still match it (none below 4 letters). */
export function allowedEdits(query: string): number {
  if (query.length >= 8) return 2;
  return query.length >= 4 ? 1 : 0;
}

/**
 * The fewest edits (insertions, deletions, substitutions, swaps of two neighbours) that turn
 * `query` into some prefix of `text`, or `max + 1` once it is certain to exceed `max`. Iterative,
 * two rows and the one before them: no recursion, memory of the text's length.
 */
export function prefixEditDistance(query: string, text: string, max: number): number {
  const n = text.length;
  let before = new Array<number>(n + 1).fill(0);
  let previous = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= query.length; i++) {
    const current = new Array<number>(n + 1);
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j <= n; j++) {
      const cost = query[i - 1] === text[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && query[i - 1] === text[j - 2] && query[i - 2] === text[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return Math.min(...previous);
}

/** The word starts of a normalized name (the positions after each space, and 0). */
function wordStarts(name: string): number[] {
  const starts = [0];
  for (let i = 0; i < name.length; i++) if (name[i] === " ") starts.push(i + 1);
  return starts;
}

/** How `name` matches the normalized query `q` (non-empty), or null when it does not. */
export function matchTier(name: string, q: string): TMatchTier | null {
  return matchNormalized(normalizeName(name), q);
}

/** matchTier for a name normalized already (normalizeName). */
export function matchNormalized(n: string, q: string): TMatchTier | null {
  if (n === q) return "exact";
  if (n.startsWith(q)) return "prefix";
  const starts = wordStarts(n);
  if (starts.some((s) => s > 0 && n.startsWith(q, s))) return "word";
  if (q.length >= 3 && n.includes(q)) return "contains";
  const max = allowedEdits(q);
  if (max > 0 && starts.some((s) => prefixEditDistance(q, n.slice(s), max) <= max)) return "fuzzy";
  return null;
}

export const tierRank = (tier: TMatchTier): number => MATCH_TIERS.indexOf(tier);
