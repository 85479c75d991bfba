import { Prisma } from "~/server/db/generated/prisma/client";
import type { TDb } from "~/server/db/client";
import { validationError } from "~/server/lib/errors";
import { logger } from "~/server/lib/logger";
import { parseStoredCriteria } from "./criteria";
import type { TCollectionItem, TCollectionRef } from "./types";

/**
 * Which collections an account may read (spec, Collection reading; docs/api.md): active shared
 * collections, plus active private ones assigned to it. Anything else (unknown, inactive, private
 * and not assigned) behaves as a nonexistent slug, with one message for every case so that the
 * answer never reveals that a private collection exists.
 */

/** SQL condition over the alias `c` of collection: visible to the account. */
const visibleTo = (accountId: number) => Prisma.sql`c.active AND (c.visibility = 'shared' OR EXISTS (
  SELECT 1 FROM collection_assignment a WHERE a.collection_id = c.id AND a.account_id = ${accountId}))`;

interface TRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  criteria: unknown;
}

function toRef(row: TRow): TCollectionRef {
  const criteria = parseStoredCriteria(row.criteria);
  if (criteria === null) logger.warn("collection has malformed criteria; it has no members", { slug: row.slug });
  return { id: row.id, slug: row.slug, criteria };
}

/** GET /network_a/collections/: the collections the account may read, by slug. */
export async function listCollectionsFor(
  db: TDb,
  accountId: number,
  page: { limit: number; offset: number; includeTotal: boolean },
): Promise<{ items: TCollectionItem[]; total: number | null; fetched: number }> {
  const rows = await db.$queryRaw<TRow[]>`
    SELECT c.id, c.slug, c.name, c.description, c.criteria FROM collection c
     WHERE ${visibleTo(accountId)} ORDER BY c.slug, c.id LIMIT ${page.limit + 1} OFFSET ${page.offset}`;
  const total = page.includeTotal
    ? (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM collection c WHERE ${visibleTo(accountId)}`)[0]!.n
    : null;
  const items = rows.slice(0, page.limit).map((r) => ({ slug: r.slug, name: r.name, description: r.description ?? "" }));
  return { items, total, fetched: rows.length };
}

/** Every collection the account may read (a collections-only account's whole reach). */
export async function accessibleCollections(db: TDb, accountId: number): Promise<TCollectionRef[]> {
  const rows = await db.$queryRaw<TRow[]>`
    SELECT c.id, c.slug, c.name, c.description, c.criteria FROM collection c WHERE ${visibleTo(accountId)} ORDER BY c.id`;
  return rows.map(toRef);
}

/** The requested collections, or 400 validation_error naming those the account cannot read. */
export async function resolveCollections(db: TDb, accountId: number, slugs: string[]): Promise<TCollectionRef[]> {
  const rows = await db.$queryRaw<TRow[]>`
    SELECT c.id, c.slug, c.name, c.description, c.criteria FROM collection c
     WHERE c.slug = ANY(${slugs}::text[]) AND ${visibleTo(accountId)} ORDER BY c.id`;
  const missing = slugs.filter((s) => !rows.some((r) => r.slug === s));
  if (missing.length > 0) {
    const shown = missing
      .slice(0, 5)
      .map((s) => `'${s.slice(0, 60)}'`)
      .join(", ");
    throw validationError(
      "collection",
      `unknown collection ${shown}${missing.length > 5 ? ` and ${missing.length - 5} more` : ""} (see GET /v1/network_a/collections/)`,
    );
  }
  return rows.map(toRef);
}
