import { Prisma } from "~/server/db/generated/prisma/client";
import type { TParticipantFilters } from "./types";

/**
 * WHERE conditions (over the alias `p` of participant) for the filters that apply before any
 * ranking: type, web3, web2, saved_only. Shared by the plain list and by semantic search.
 * `accountId` is the caller: saved_only reads only that account's saved participants.
 */
export function participantFilterConditions(filters: TParticipantFilters, accountId: number): Prisma.Sql[] {
  const where: Prisma.Sql[] = [];
  if (filters.type !== undefined) {
    // An unknown slug gives NULL, which matches nothing (no error).
    where.push(Prisma.sql`p.type_id = (SELECT t.id FROM participant_type t WHERE t.slug = ${filters.type})`);
  }
  if (filters.web3 !== undefined) where.push(Prisma.sql`p.web3 = ${filters.web3}`);
  if (filters.web2 !== undefined) where.push(Prisma.sql`p.web2 = ${filters.web2}`);
  if (filters.savedOnly) {
    where.push(Prisma.sql`EXISTS (SELECT 1 FROM saved_participant s WHERE s.account_id = ${accountId} AND s.participant_id = p.id)`);
  }
  return where;
}

/** `WHERE a AND b ...`, or nothing. */
export function whereClause(conditions: Prisma.Sql[]): Prisma.Sql {
  return conditions.length > 0 ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
}
