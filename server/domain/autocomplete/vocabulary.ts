import type { TDb } from "~/server/db/client";
import { allowedEdits, prefixEditDistance } from "./match";

/**
 * The words names are made of (cards' names and descriptions, participants' and founders' names),
 * held in process memory per database, so that a typed word no name starts with can be corrected
 * to the nearest word some name holds ("astrpay" → "astrapay", "jonathon" → "jonathan"), and the
 * names then found by index as for any other query. A trigram search for near names instead reads
 * every row that shares a few trigrams with the query: tens of thousands at a million cards.
 *
 * Freshness: loaded in the background on first use (queries meanwhile are not corrected), reloaded
 * in the background once older than `TTL_MS` (the old words answer meanwhile). Words of fewer than 4 letters are never corrected to (nor from).
 * A typo in a word's first letter is not corrected: words are looked up by it.
 */

const TTL_MS = 10 * 60_000;
const MIN_WORD = 4;

export interface TVocabulary {
  /** Every word, sorted (byte order), for "does a word start with this". */
  sorted: string[];
  /** The words by their first letter. */
  byInitial: Map<string, string[]>;
  loadedAt: number;
}

interface TEntry {
  /** The words loaded last. */
  ready?: TVocabulary;
  /** A load under way. */
  loading?: Promise<TVocabulary>;
}

const cache = new WeakMap<TDb, TEntry>();

async function load(db: TDb): Promise<TVocabulary> {
  // Card words: the distinct words of vm_card_word, one index probe each (a loose index scan).
  const [cardWords, nameWords] = await Promise.all([
    db.$queryRaw<{ word: string }[]>`
      WITH RECURSIVE w(word) AS (
        (SELECT word FROM vm_card_word ORDER BY word LIMIT 1)
        UNION ALL
        SELECT (SELECT v.word FROM vm_card_word v WHERE v.word > w.word ORDER BY v.word LIMIT 1) FROM w WHERE w.word IS NOT NULL
      )
      SELECT word FROM w WHERE word IS NOT NULL`,
    db.$queryRaw<{ word: string }[]>`
      SELECT DISTINCT word FROM (
        SELECT regexp_split_to_table(lower(name), '[^[:alnum:]]+') AS word FROM participant
        UNION ALL
        SELECT regexp_split_to_table(lower(name), '[^[:alnum:]]+') FROM profile
      ) words`,
  ]);
  const words = new Set<string>();
  for (const { word } of [...cardWords, ...nameWords]) if (word.length >= MIN_WORD && /^\p{L}+$/u.test(word)) words.add(word);
  const sorted = [...words].sort();
  const byInitial = new Map<string, string[]>();
  for (const w of sorted) {
    const list = byInitial.get(w[0]!) ?? [];
    list.push(w);
    byInitial.set(w[0]!, list);
  }
  return { sorted, byInitial, loadedAt: Date.now() };
}

function refresh(db: TDb, entry: TEntry): Promise<TVocabulary> {
  entry.loading ??= load(db)
    .then((v) => (entry.ready = v))
    .finally(() => (entry.loading = undefined));
  return entry.loading;
}

/**
 * The words of `db` as far as they are loaded, without waiting: undefined until the first load has
 * finished (started here), then the last loaded words (a newer load is started when they are old).
 */
export function vocabularyNow(db: TDb): TVocabulary | undefined {
  let entry = cache.get(db);
  if (!entry) cache.set(db, (entry = {}));
  if (!entry.ready || Date.now() - entry.ready.loadedAt > TTL_MS) refresh(db, entry).catch(() => undefined);
  return entry.ready;
}

/** The words of `db`, waiting for them to be loaded (at start, and in tests). */
export async function nameVocabulary(db: TDb): Promise<TVocabulary> {
  return vocabularyNow(db) ?? refresh(db, cache.get(db)!);
}

/** Whether some word starts with `prefix` (binary search of the sorted words). */
function startsSomeWord(v: TVocabulary, prefix: string): boolean {
  let lo = 0;
  let hi = v.sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (v.sorted[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo < v.sorted.length && v.sorted[lo]!.startsWith(prefix);
}

const MAX_VARIANTS = 3;
const MAX_WORDS = 4;

/** The words nearest to `token` (fewest edits to one of their prefixes; of equal ones, the shorter first), at most 3. */
function nearestWords(v: TVocabulary, token: string): string[] {
  const max = allowedEdits(token);
  if (max === 0) return [];
  let best = max;
  let found: string[] = [];
  for (const word of v.byInitial.get(token[0]!) ?? []) {
    const d = prefixEditDistance(token, word, best);
    if (d > best) continue;
    if (d < best) [best, found] = [d, []];
    found.push(word);
  }
  return found.sort((a, b) => a.length - b.length || (a < b ? -1 : 1)).slice(0, MAX_VARIANTS);
}

/**
 * The query (lower case, words separated by one space) with each word that no known word starts
 * with replaced by one of the nearest known words: at most 3 such corrected queries, none when
 * every word is known (or none is near) or the query has more than 4 words.
 */
export function correctQuery(v: TVocabulary, query: string): string[] {
  // A name is typed in a few words; a longer query is not corrected (each word costs a pass over
  // the words of its first letter).
  if (query.split(" ").length > MAX_WORDS) return [];
  let variants: string[][] = [query.split(" ")];
  let changed = false;
  query.split(" ").forEach((token, i) => {
    if (token.length < MIN_WORD || !/^\p{L}+$/u.test(token) || startsSomeWord(v, token)) return;
    const near = nearestWords(v, token);
    if (near.length === 0) return;
    changed = true;
    variants = variants.flatMap((words) => near.map((word) => words.map((w, j) => (j === i ? word : w)))).slice(0, MAX_VARIANTS);
  });
  return changed ? variants.map((words) => words.join(" ")) : [];
}
