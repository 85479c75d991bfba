import { Prisma } from "~/server/db/generated/prisma/client";
import { searchCondition } from "./criteria";
import type { TProfileFilters } from "./types";

/**
 * WHERE conditions (over the alias `p` of profile) for the profile list filters. Every value is a
 * parameter; list filters match any of their values.
 */
export function profileFilterConditions(f: TProfileFilters): Prisma.Sql[] {
  const where: Prisma.Sql[] = [];
  if (f.search) where.push(searchCondition(f.search));
  if (f.classification) where.push(Prisma.sql`p.classification = ANY(${f.classification}::text[])`);
  if (f.path) where.push(Prisma.sql`p.path = ANY(${f.path}::text[])`);
  if (f.status !== undefined) where.push(Prisma.sql`lower(p.status) = ${f.status}`);
  // `&&` (overlap) is served by the GIN index vm_profile_tags_gin.
  if (f.tags) where.push(Prisma.sql`p.tags && ${f.tags}::text[]`);
  if (f.createdAt) where.push(Prisma.sql`p.created_at >= ${f.createdAt}::timestamptz`);
  return where;
}

/** `WHERE a AND b ...`, or nothing. */
export function whereClause(conditions: Prisma.Sql[]): Prisma.Sql {
  return conditions.length > 0 ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
}
