import { Prisma } from "~/server/db/generated/prisma/client";
import type { TDb } from "~/server/db/client";
import { readRows } from "~/server/db/read";
import { referenceData } from "~/server/domain/reference/cache";
import { matchTier, normalizeName, type TMatchTier } from "./match";
import { correctQuery, vocabularyNow } from "./vocabulary";
import type { TAutocompleteHit } from "./types";

/**
 * The large tables typeahead searches (cards, participants, founder profiles), by the same steps
 * on each one's lower-cased name, every one a btree range (`text_pattern_ops`, the
 * `*_name_prefix`, `*_name_word2` and `*_name_word3` indexes) that stops after the few rows it needs
 * however many names share the word:
 *   1. names that start with the query;
 *   2. names whose second or third word starts with it (queries of 3+ characters);
 *   3. for the kinds where those found fewer than asked, when a word of the query is no known
 *      word's start: steps 1 and 2 again for the query with that word corrected (vocabulary.ts).
 * All the steps of all the kinds are one statement (two with corrections), planned once per
 * connection: the ranges are parameters, so the plan is the same whatever is typed. Each step
 * fetches three times the rows asked, so that the busiest of equal matches can come first.
 */

export const RECORD_KINDS = ["card", "participant", "founder"] as const;
type TRecordKind = (typeof RECORD_KINDS)[number];

interface TRow {
  kind: TRecordKind;
  id: number;
  slug: string | null;
  name: string;
  weight: number;
  context: string | null;
  stage_id: number | null;
  location_id: number | null;
}

/** The rows of a kind in a range of one of its name expressions, in the expression's order. */
const SELECT: Record<TRecordKind, (where: Prisma.Sql, order: Prisma.Sql, take: number) => Prisma.Sql> = {
  card: (where, order, take) => Prisma.sql`
    SELECT 'card' AS kind, id, slug, name, interactions_count AS weight, NULL::text AS context, stage_id, location_id
    FROM card WHERE ${where} ${order} LIMIT ${take}`,
  participant: (where, order, take) => Prisma.sql`
    SELECT 'participant' AS kind, p.id, p.slug, p.name, p.monthly_signals AS weight, t.name AS context,
           NULL::int AS stage_id, NULL::int AS location_id
    FROM (SELECT * FROM participant WHERE ${where} ${order} LIMIT ${take}) p JOIN participant_type t ON t.id = p.type_id`,
  founder: (where, order, take) => Prisma.sql`
    SELECT 'founder' AS kind, id, NULL::text AS slug, name, 0 AS weight, coalesce(nullif(headline, ''), location) AS context,
           NULL::int AS stage_id, NULL::int AS location_id
    FROM profile WHERE ${where} ${order} LIMIT ${take}`,
};

/** The name, from its second word on, and from its third word on (NULL with fewer words): the indexes' expressions as written there. */
const NAME_FROM = [
  Prisma.raw(`lower(name)`),
  Prisma.raw(`substring(lower(name) from '^\\S+\\s+(.*)$')`),
  Prisma.raw(`substring(lower(name) from '^\\S+\\s+\\S+\\s+(.*)$')`),
];

/** Above every text that starts with a prefix in byte order: the prefix and the last code point. */
const AFTER_PREFIX = "\u{10FFFF}";

/** Steps 1 and 2 of each kind for each query, in one statement. */
function byName(db: TDb, kinds: readonly TRecordKind[], queries: string[], take: number): Promise<TRow[]> {
  const steps = kinds.flatMap((kind) =>
    queries.flatMap((q) =>
      NAME_FROM.slice(0, q.length >= 3 ? 3 : 1).map((text) =>
        SELECT[kind](Prisma.sql`${text} ~>=~ ${q} AND ${text} ~<~ ${q + AFTER_PREFIX}`, Prisma.sql`ORDER BY ${text} USING ~<~`, take),
      ),
    ),
  );
  return readRows<TRow>(
    db,
    Prisma.join(
      steps.map((step) => Prisma.sql`(${step})`),
      " UNION ALL ",
    ),
    { plan: "generic" },
  );
}

/** The rows of the kinds whose names match `q` (lower case, non-empty): by name, then by the corrected queries. */
async function search(db: TDb, kinds: readonly TRecordKind[], q: string, n: number): Promise<TRow[]> {
  const seen = new Set<string>();
  const once = (rows: TRow[]) => rows.filter((r) => !seen.has(`${r.kind}:${r.id}`) && seen.add(`${r.kind}:${r.id}`));
  const rows = once(await byName(db, kinds, [q], n * 3));
  const short = kinds.filter((kind) => rows.filter((r) => r.kind === kind).length < n);
  if (short.length === 0) return rows;
  const vocabulary = vocabularyNow(db);
  const corrected = vocabulary ? correctQuery(vocabulary, q) : [];
  if (corrected.length === 0) return rows;
  return [...rows, ...once(await byName(db, short, corrected, n * 3))];
}

const truncate = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** Cards, participants and founders (those of `kinds`) whose names match the query, at most about 3n of each. */
export async function recordHits(db: TDb, query: string, n: number, kinds: readonly TRecordKind[]): Promise<TAutocompleteHit[]> {
  if (kinds.length === 0) return [];
  // As the database compares it with `lower(name)`: lower case, inner spaces one each.
  const text = query.toLowerCase().replace(/\s+/g, " ").trim();
  const [rows, ref] = await Promise.all([search(db, kinds, text, n), referenceData(db)]);
  const q = normalizeName(query);
  return rows.map((r) => {
    const match: TMatchTier = matchTier(r.name, q) ?? "fuzzy";
    const key = r.slug !== null ? { slug: r.slug } : { id: r.id };
    let context: string;
    if (r.kind === "card") {
      const parts = [ref.stages.byId.get(r.stage_id ?? -1)?.name, ref.locations.byId.get(r.location_id ?? -1)?.name];
      context = parts.filter(Boolean).join(" · ") || "Card";
    } else context = truncate(r.context ?? (r.kind === "founder" ? "Founder" : "Participant"), 80);
    return { type: r.kind, ...key, name: r.name, context, match, weight: r.weight };
  });
}
