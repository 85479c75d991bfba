import { Prisma } from "../../db/generated/prisma/client";

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
 */

const MAX_WORDS = 16;
const MAX_WORD_CHARS = 100;

/** The words of a query, lower-cased (letters and digits of any script). */
export function searchWords(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS).map((w) => w.slice(0, MAX_WORD_CHARS));
}

/** A to_tsquery text for the words: all required, the last one as a prefix. */
export function tsQueryText(words: string[]): string {
  // Words hold only letters and digits, so they cannot carry tsquery operators.
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(" & ");
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

export interface TSearchParts {
  fullText: Prisma.Sql;
  /** null when the query has no word of 3+ characters */
  substring: Prisma.Sql | null;
}

/** The two match conditions on the card alias `c`; null when the query can match nothing. */
export function searchParts(query: string): TSearchParts | null {
  const words = searchWords(query);
  if (words.length === 0) return null;
  const fullText = Prisma.sql`c.search_vector @@ to_tsquery('simple', ${tsQueryText(words)})`;
  if (!words.some((w) => w.length >= 3)) return { fullText, substring: null };
  // PostgreSQL text cannot hold NUL characters.
  const pattern = `%${escapeLike(query.replace(/\u0000/g, "").toLowerCase().trim())}%`;
  return { fullText, substring: Prisma.sql`lower(c.name) LIKE ${pattern}` };
}

/** The search condition on the card alias `c`. */
export function searchCondition(parts: TSearchParts | null): Prisma.Sql {
  if (!parts) return Prisma.sql`FALSE`;
  return parts.substring ? Prisma.sql`(${parts.fullText} OR ${parts.substring})` : parts.fullText;
}
