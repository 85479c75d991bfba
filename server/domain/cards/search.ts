import { Prisma } from "~/server/db/generated/prisma/client";

/**
 * Text search on card name and description. A card matches when either holds:
 *
 * 1. Full text (GIN index vm_card_search_gin on card.search_vector, 'simple' configuration): every
 *    word of the query occurs in the name or the description, the last word as a prefix, so a
 *    query being typed matches as it grows ("data pla" finds "Data Platform"). Words are runs of
 *    letters and digits, compared lower-cased.
 * 2. Partial word (trigram index vm_card_name_trgm on lower(name)): the lower-cased query occurs
 *    anywhere inside the name ("hain" finds "Chainlink"). Only for queries with a word of at least
 *    three characters, which is what a trigram index can look up.
 *
 * A query with no letters or digits matches nothing.
 *
 * Pages in the default order for a one-word query (`latestFirst`) read `vm_card_word` (migration
 * 20261124090000): one row per card and word of its search_vector, with a copy of the card's
 * last_interaction_at, kept by triggers on card.
 */

const MAX_WORDS = 16;
const MAX_WORD_CHARS = 100;

/** The words of a query, lower-cased (letters and digits of any script). */
function searchWords(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS).map((w) => w.slice(0, MAX_WORD_CHARS));
}

/** A to_tsquery text for the words: all required, the last one as a prefix. */
function tsQueryText(words: string[]): string {
  // Words hold only letters and digits, so they cannot carry tsquery operators.
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(" & ");
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

export interface TSearchParts {
  fullText: Prisma.Sql;
  /** null when the query has no word of 3+ characters */
  substring: Prisma.Sql | null;
  /**
   * The query's one word when the full-text condition is "a word of the card starts with it" and
   * the word is what PostgreSQL's parser and 'simple' dictionary make of it in any locale (ASCII
   * letters and digits): the words of vm_card_word can then stand for the condition.
   */
  prefix: string | null;
}

/** The two match conditions on the card alias `c`; null when the query can match nothing. */
export function searchParts(query: string): TSearchParts | null {
  const words = searchWords(query);
  if (words.length === 0) return null;
  const fullText = Prisma.sql`c.search_vector @@ to_tsquery('simple', ${tsQueryText(words)})`;
  const prefix = words.length === 1 && /^[a-z0-9]+$/.test(words[0]!) ? words[0]! : null;
  if (!words.some((w) => w.length >= 3)) return { fullText, substring: null, prefix };
  // PostgreSQL text cannot hold NUL characters.
  const pattern = `%${escapeLike(
    query
      .replace(/\u0000/g, "")
      .toLowerCase()
      .trim(),
  )}%`;
  return { fullText, substring: Prisma.sql`lower(c.name) LIKE ${pattern}`, prefix };
}

/** The search condition on the card alias `c`. */
export function searchCondition(parts: TSearchParts | null): Prisma.Sql {
  if (!parts) return Prisma.sql`FALSE`;
  return parts.substring ? Prisma.sql`(${parts.fullText} OR ${parts.substring})` : parts.fullText;
}

/** The first string after every string that starts with `prefix` (ASCII letters and digits), in byte order. */
function prefixEnd(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/**
 * A FROM clause `c` (columns id, last_interaction_at) holding the first `rows` cards of the default
 * order (latest_signal_date:desc) that match a one-word query (`parts.prefix` set): the first
 * `rows` entries of the index range (vm_card_word_latest) of each word starting with the prefix,
 * found one after the other through the same index, and the first `rows` cards whose name holds
 * the query, merged. The first n distinct cards of the merged order are among them, since fewer
 * than n cards of any one range come before each of them.
 */
export function searchLatestFirst(parts: TSearchParts, rows: number): Prisma.Sql {
  const lo = parts.prefix!;
  const hi = prefixEnd(lo);
  const words = Prisma.sql`
    SELECT x.card_id AS id, x.last_interaction_at
      FROM (WITH RECURSIVE word(w) AS (
              SELECT (SELECT cw.word FROM vm_card_word cw WHERE cw.word >= ${lo} AND cw.word < ${hi} ORDER BY cw.word LIMIT 1)
              UNION ALL
              SELECT (SELECT cw.word FROM vm_card_word cw WHERE cw.word > word.w AND cw.word < ${hi} ORDER BY cw.word LIMIT 1)
                FROM word WHERE word.w IS NOT NULL)
            SELECT w FROM word WHERE w IS NOT NULL) word
     CROSS JOIN LATERAL (
       SELECT cw.card_id, cw.last_interaction_at FROM vm_card_word cw
        WHERE cw.word = word.w
        ORDER BY cw.last_interaction_at DESC NULLS LAST, cw.card_id DESC
        LIMIT ${rows}) x`;
  const names = parts.substring
    ? Prisma.sql`
     UNION ALL
    (SELECT c.id, c.last_interaction_at FROM card c WHERE ${parts.substring}
      ORDER BY c.last_interaction_at DESC NULLS LAST, c.id DESC
      LIMIT ${rows})`
    : Prisma.empty;
  return Prisma.sql`(SELECT DISTINCT m.id, m.last_interaction_at FROM (${words}${names}) m) c`;
}
