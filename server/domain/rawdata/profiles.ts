import { createHash } from "node:crypto";
import { Prisma } from "~/server/db/generated/prisma/client";
import type { TDb } from "~/server/db/client";
import { notFound, validationError } from "~/server/lib/errors";
import { accessibleCollections, resolveCollections } from "./collections";
import { anyCollectionCondition } from "./criteria";
import { cachedKey, rememberKey } from "./cursor-cache";
import { profileFilterConditions, whereClause } from "./filters";
import { formatProfile, PROFILE_COLUMNS, type TProfileRow } from "./format";
import { afterKeyCondition, profileOrderBy, rowSortKey, sortKeyColumns } from "./sort";
import type { TNetworkProfile, TProfileFilters, TProfileQuery } from "./types";

/**
 * Reading founder profiles (spec, Raw data) with the access rules of the Authentication section:
 * a collections-only account reads only through its collections (list without `collection` is
 * 400; a profile outside them is 404), and profiles read through a collection, or by such an
 * account, omit status, out_of_stealth_date and new_company.
 */

export interface TReader {
  id: number;
  scope: "full" | "collections_only";
}

export interface TProfilePage {
  data: TNetworkProfile[];
  pagination: { limit: number; offset: number; total: number | null; has_next: boolean };
  meta: { sort: string; filters: Record<string, string | string[]>; ignored: string[] };
}

/** The filters as applied, with the parameter names of the request (meta.filters). */
function appliedFilters(f: TProfileFilters, collections: string[]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  if (f.search) out.search = f.search.join(" ");
  if (f.classification) out.classification = f.classification;
  if (f.path) out.path = f.path;
  if (f.status !== undefined) out.status = f.status;
  if (f.tags) out.tags = f.tags;
  if (f.createdAt) out.created_at = f.createdAt;
  if (collections.length > 0) out.collection = collections;
  return out;
}

const MAX_COLLECTIONS = 100;

export async function listProfiles(db: TDb, reader: TReader, q: TProfileQuery): Promise<TProfilePage> {
  if (reader.scope === "collections_only" && q.collections.length === 0) {
    throw validationError(
      "collection",
      "is required: this account reads profiles through its collections (see GET /v1/network_a/collections/)",
    );
  }
  if (q.collections.length > MAX_COLLECTIONS) {
    throw validationError("collection", `at most ${MAX_COLLECTIONS} collections can be read at once`);
  }
  const collections = q.collections.length > 0 ? await resolveCollections(db, reader.id, q.collections) : [];
  const restricted = collections.length > 0 || reader.scope === "collections_only";
  const conditions = profileFilterConditions(q.filters);
  if (collections.length > 0) conditions.push(anyCollectionCondition(collections.map((c) => c.criteria)));

  // Everything the rows depend on: the same signature means the same query (cursor-cache.ts).
  // Hashed, so that long filters cannot make the cache's memory grow.
  const signature = createHash("sha256")
    .update(JSON.stringify({ f: q.filters, c: collections.map((c) => [c.id, c.criteria]), s: q.sort.label }))
    .digest("base64url");
  const after = q.offset > 0 ? cachedKey(reader.id, signature, q.offset) : undefined;
  const pageWhere = whereClause(after ? [...conditions, afterKeyCondition(q.sort, after)] : conditions);
  const skip = after ? Prisma.empty : Prisma.sql`OFFSET ${q.offset}`;

  // The page's ids first (an index-only scan when the order and the filters allow it), then
  // only those rows: a deep or sparse page never reads the rows it passes over.
  const orderBy = profileOrderBy(q.sort);
  const [rows, total] = await Promise.all([
    db.$queryRaw<(TProfileRow & Record<string, unknown>)[]>`
      SELECT ${PROFILE_COLUMNS}, ${sortKeyColumns(q.sort)}
        FROM (SELECT p.id FROM profile p ${pageWhere} ORDER BY ${orderBy} LIMIT ${q.limit + 1} ${skip}) page
        JOIN profile p ON p.id = page.id
       ORDER BY ${orderBy}`,
    q.includeTotal
      ? db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM profile p ${whereClause(conditions)}`.then((r) => r[0]!.n)
      : Promise.resolve(null),
  ]);

  const served = rows.slice(0, q.limit);
  const last = served[served.length - 1];
  if (last) rememberKey(reader.id, signature, q.offset + served.length, rowSortKey(q.sort, last));

  return {
    data: served.map((r) => formatProfile(r, restricted)),
    pagination: { limit: q.limit, offset: q.offset, total, has_next: rows.length > q.limit },
    meta: {
      sort: q.sort.label,
      filters: appliedFilters(
        q.filters,
        collections.map((c) => c.slug),
      ),
      ignored: q.ignored,
    },
  };
}

const MAX_ID = 2_147_483_647;

/** A path id: digits only, within the id range; anything else is simply not found. */
function parseProfileId(raw: string): number | undefined {
  if (!/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : undefined;
}

export async function getProfile(db: TDb, reader: TReader, rawId: string): Promise<TNetworkProfile> {
  const id = parseProfileId(rawId);
  if (id === undefined) throw notFound("Profile");
  const restricted = reader.scope === "collections_only";
  const conditions = [Prisma.sql`p.id = ${id}::int`];
  if (restricted) {
    const reach = await accessibleCollections(db, reader.id);
    conditions.push(anyCollectionCondition(reach.map((c) => c.criteria)));
  }
  const rows = await db.$queryRaw<TProfileRow[]>`SELECT ${PROFILE_COLUMNS} FROM profile p ${whereClause(conditions)}`;
  if (!rows[0]) throw notFound("Profile");
  return formatProfile(rows[0], restricted);
}
