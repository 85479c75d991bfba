import { Prisma } from "~/server/db/generated/prisma/client";

/**
 * Text search of the participants list over name and about:
 * - full text: every word of the query, as a prefix (`seq cap` finds "Sequoia Capital"), in
 *   to_tsvector('simple', name || ' ' || about), served by the GIN index vm_participant_search_gin;
 * - partial words: the whole query as a substring of the name (`quoia`), served by the trigram index
 *   vm_participant_name_trgm on lower(name) (only from 3 characters, where trigrams exist).
 * A participant matches when either holds. The two are separate index scans joined by UNION (as one
 * OR condition, every trigram candidate would recompute the tsvector when rechecked), each carrying
 * the other filters, and they run first, to completion (a MATERIALIZED CTE in list.ts): walking the
 * name index and testing each row instead costs seconds when matches are rare. Values are always
 * bound parameters.
 */

/** Must stay identical to the indexed expression of vm_participant_search_gin (migration SQL). */
const PARTICIPANT_TSV = Prisma.raw(`to_tsvector('simple'::regconfig, p.name || ' ' || coalesce(p.about, ''))`);

const MAX_WORDS = 32;

/** `'word1':* & 'word2':*` from the letters and digits of the query (first 32 words); null when none. */
function prefixTsQuery(search: string): string | null {
  const words = (search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
  return words.length > 0 ? words.map((w) => `'${w}':*`).join(" & ") : null;
}

/** `%text%` for LIKE, with the pattern characters of the text escaped (default escape `\`). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A statement yielding the participants (columns id, name, monthly_signals: what the sorts need)
 * that match `search` and every condition of `filters` (over the alias `p`).
 */
export function participantSearchMatches(search: string, filters: Prisma.Sql[]): Prisma.Sql {
  const text = search.trim();
  const tsquery = prefixTsQuery(text);
  const matchers: Prisma.Sql[] = [];
  if (tsquery) matchers.push(Prisma.sql`${PARTICIPANT_TSV} @@ to_tsquery('simple'::regconfig, ${tsquery})`);
  if (text.length >= 3 || !tsquery) matchers.push(Prisma.sql`lower(p.name) LIKE lower(${containsPattern(text)})`);
  // type_id rides along so that no btree index covers a branch: with one, the planner prefers a
  // full index-only scan testing lower(name) on every row, far slower than the trigram index.
  const branches = matchers.map(
    (matcher) =>
      Prisma.sql`SELECT p.id, p.name, p.monthly_signals, p.type_id FROM participant p WHERE ${Prisma.join([matcher, ...filters], " AND ")}`,
  );
  return Prisma.join(branches, " UNION ");
}
