import { z } from "zod";
import { Prisma } from "~/server/db/generated/prisma/client";
import { CLASSIFICATIONS, PATHS, type TCriteria } from "./types";

/**
 * Collection criteria (docs/api.md) and the SQL they become. Membership is never stored: it is
 * this predicate over the profile table, evaluated at read time, so a profile that stops matching
 * leaves the collection at once and its created_at never changes.
 */

/** The text `search` runs over. Identical to the expression of the index vm_profile_search_trgm. */
const PROFILE_SEARCH_TEXT = Prisma.raw(`(coalesce(p.name, '') || ' ' || coalesce(p.headline, '') || ' ' || coalesce(p.summary, ''))`);

const MAX_SEARCH_TERMS = 10;
const MAX_TERM_LENGTH = 100;

/** Words of a search string (whitespace-separated), at most MAX_SEARCH_TERMS of them. */
export function searchTerms(search: string): string[] {
  return search
    .split(/\s+/)
    .map((t) => t.slice(0, MAX_TERM_LENGTH))
    .filter((t) => t.length > 0)
    .slice(0, MAX_SEARCH_TERMS);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every term occurs (case-insensitively) in name, headline or summary. */
export function searchCondition(terms: string[]): Prisma.Sql {
  if (terms.length === 0) return Prisma.sql`TRUE`;
  const parts = terms.map((t) => Prisma.sql`${PROFILE_SEARCH_TEXT} ILIKE ${`%${escapeLike(t)}%`}`);
  return Prisma.sql`(${Prisma.join(parts, " AND ")})`;
}

const zStringList = z.array(z.string().max(500)).max(1000);

/** Criteria as stored (collection.criteria) or given on the command line. Unknown keys are an error. */
export const ZCriteria = z
  .strictObject({
    classification: z.array(z.enum(CLASSIFICATIONS)).max(10).optional(),
    path: z.array(z.enum(PATHS)).max(10).optional(),
    tags: zStringList.optional(),
    countries: zStringList.optional(),
    search: z.string().max(500).optional(),
  })
  .transform((c): TCriteria => normalizeCriteria(c));

/** Trims and deduplicates values, lower-cases countries; empty lists and a blank search are dropped. */
function normalizeCriteria(c: TCriteria): TCriteria {
  const list = (values: string[] | undefined, lower = false) => {
    const out = [...new Set((values ?? []).map((v) => (lower ? v.trim().toLowerCase() : v.trim())).filter(Boolean))];
    return out.length > 0 ? out : undefined;
  };
  const result: TCriteria = {};
  const classification = list(c.classification);
  const path = list(c.path);
  const tags = list(c.tags);
  const countries = list(c.countries, true);
  if (classification) result.classification = classification;
  if (path) result.path = path;
  if (tags) result.tags = tags;
  if (countries) result.countries = countries;
  const search = c.search?.trim();
  if (search) result.search = search;
  return result;
}

/** Stored criteria, or null when they are malformed (the collection then has no members). */
export function parseStoredCriteria(value: unknown): TCriteria | null {
  const parsed = ZCriteria.safeParse(value ?? {});
  return parsed.success ? parsed.data : null;
}

/** The membership predicate of one collection over the alias `p`. */
export function criteriaCondition(criteria: TCriteria | null): Prisma.Sql {
  if (criteria === null) return Prisma.sql`FALSE`;
  const where: Prisma.Sql[] = [];
  if (criteria.classification) where.push(Prisma.sql`p.classification = ANY(${criteria.classification}::text[])`);
  if (criteria.path) where.push(Prisma.sql`p.path = ANY(${criteria.path}::text[])`);
  if (criteria.tags) where.push(Prisma.sql`p.tags && ${criteria.tags}::text[]`);
  if (criteria.countries) where.push(Prisma.sql`p.country = ANY(${criteria.countries}::text[])`);
  if (criteria.search) where.push(searchCondition(searchTerms(criteria.search)));
  return where.length > 0 ? Prisma.sql`(${Prisma.join(where, " AND ")})` : Prisma.sql`TRUE`;
}

/** Membership in any of the collections (OR); no collection at all matches nothing. */
export function anyCollectionCondition(criteria: (TCriteria | null)[]): Prisma.Sql {
  if (criteria.length === 0) return Prisma.sql`FALSE`;
  if (criteria.length === 1) return criteriaCondition(criteria[0]!);
  return Prisma.sql`(${Prisma.join(criteria.map(criteriaCondition), " OR ")})`;
}
