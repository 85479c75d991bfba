import { Prisma } from "../../db/generated/prisma/client";
import type { TDb } from "../../db/client";
import { participantFilterConditions, whereClause } from "./filters";
import { readParticipants, withoutId } from "./rows";
import { participantSearchCondition } from "./search";
import { semanticParticipants } from "./semantic";
import { parseParticipantSort, participantOrderBy } from "./sort";
import type { TParticipantList, TParticipantListQuery } from "./types";

/**
 * GET /v1/participants/: filters (type, web3, web2, saved_only) AND text search, in the requested
 * order, one page, plus the total when asked. With `semantic`, ranking is semantic search's
 * (semantic.ts), the same filters applied first. `accountId` is the caller (saved_only, is_saved).
 */
export async function listParticipants(db: TDb, accountId: number, query: TParticipantListQuery): Promise<TParticipantList> {
  const sort = parseParticipantSort(query.sort);
  if (query.semantic) return semanticParticipants(db, accountId, query);

  const conditions = participantFilterConditions(query, accountId);
  if (query.search) conditions.push(participantSearchCondition(query.search));
  const where = whereClause(conditions);
  const orderBy = participantOrderBy(sort);
  const take = query.includeTotal ? query.limit : query.limit + 1;
  const page = Prisma.sql`SELECT p.* FROM participant p ${where} ORDER BY ${orderBy} LIMIT ${take} OFFSET ${query.offset}`;

  const [rows, total] = await Promise.all([
    readParticipants(db, page, { orderBy, savedFor: query.includeUserData ? accountId : undefined }),
    query.includeTotal
      ? db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM participant p ${where}`.then((r) => r[0]?.n ?? 0)
      : Promise.resolve(null),
  ]);
  return {
    data: withoutId(rows.slice(0, query.limit)),
    total,
    fetched: rows.length,
    meta: { sort: sort.label, include_user_data: query.includeUserData },
  };
}
