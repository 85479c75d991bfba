import { Prisma } from "../../db/generated/prisma/client";

/**
 * Text search of the participants list over name and about:
 * - full text: every word of the query, as a prefix (`seq cap` finds "Sequoia Capital"), in
 *   to_tsvector('simple', name || ' ' || about), served by the GIN index vm_participant_search_gin;
 * - partial words: the whole query as a substring of the name (`quoia`), served by the trigram index
 *   vm_participant_name_trgm on lower(name) (only from 3 characters, where trigrams exist).
 * A participant matches when either holds. Values are always bound parameters.
 */

/** Must stay identical to the indexed expression of vm_participant_search_gin (migration SQL). */
export const PARTICIPANT_TSV = Prisma.raw(`to_tsvector('simple'::regconfig, p.name || ' ' || coalesce(p.about, ''))`);

const MAX_WORDS = 32;

/** `'word1':* & 'word2':*` from the letters and digits of the query; null when it has none. */
export function prefixTsQuery(search: string): string | null {
  const words = (search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
  return words.length > 0 ? words.map((w) => `'${w}':*`).join(" & ") : null;
}

/** `%text%` for LIKE, with the pattern characters of the text escaped (default escape `\`). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The WHERE condition for `search` over the alias `p`. */
export function participantSearchCondition(search: string): Prisma.Sql {
  const text = search.trim();
  const tsquery = prefixTsQuery(text);
  const parts: Prisma.Sql[] = [];
  if (tsquery) parts.push(Prisma.sql`${PARTICIPANT_TSV} @@ to_tsquery('simple'::regconfig, ${tsquery})`);
  if (text.length >= 3 || !tsquery) parts.push(Prisma.sql`lower(p.name) LIKE lower(${containsPattern(text)})`);
  return Prisma.sql`(${Prisma.join(parts, " OR ")})`;
}
