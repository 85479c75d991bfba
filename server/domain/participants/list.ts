import { Prisma } from "~/server/db/generated/prisma/client";
import type { TDb } from "~/server/db/client";
import { participantFilterConditions, whereClause } from "./filters";
import { readParticipants, withoutId } from "./rows";
import { participantSearchMatches } from "./search";
import { semanticParticipants } from "./semantic";
import { parseParticipantSort, participantOrderBy, type TParticipantSort } from "./sort";
import type { TParticipantList, TParticipantListQuery } from "./types";

/**
 * GET /v1/participants/: filters (type, web3, web2, saved_only) AND text search, in the requested
 * order, one page, plus the total when asked. With `semantic`, ranking is semantic search's
 * (semantic.ts), the same filters applied first. `accountId` is the caller (saved_only, is_saved).
 *
 * Two steps: the ids of the page (through the participant indexes only), then their fields. The
 * total costs a count only when nothing else tells it: a page that is not full (and not an empty
 * page past the end) ends the list, so total = offset + its rows; a text search counts its matches
 * in the page statement itself, where they are all at hand.
 */
export async function listParticipants(db: TDb, accountId: number, query: TParticipantListQuery): Promise<TParticipantList> {
  const sort = parseParticipantSort(query.sort);
  if (query.semantic) return semanticParticipants(db, accountId, query);

  const sql = participantListSql(accountId, query, sort);
  const page = await db.$queryRaw<{ id: number; total?: number }[]>(sql.page);
  const ids = page.map((r) => r.id);
  const savedFor = query.includeUserData ? accountId : undefined;
  const rows = ids.length > 0 ? await readParticipants(db, Prisma.sql`SELECT unnest(${ids}::int[]) AS id`, { savedFor }) : [];
  const position = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);

  let total: number | null = null;
  if (query.includeTotal) {
    if (page.length <= query.limit && (page.length > 0 || query.offset === 0)) total = query.offset + page.length;
    else if (page[0]?.total !== undefined) total = page[0].total;
    else total = (await db.$queryRaw<{ n: number }[]>(sql.count))[0]?.n ?? 0;
  }
  return {
    data: withoutId(rows.slice(0, query.limit)),
    total,
    fetched: page.length,
    meta: { sort: sort.label, include_user_data: query.includeUserData },
  };
}

/**
 * The statements of a (non-semantic) list request: `page` yields the ids of the page's participants
 * plus one (whether a next page exists) and, for a text search, the `total` of its matches; `count`
 * the total. A text search runs first, to completion, through its indexes (search.ts), and only its
 * matches are sorted. Exported for EXPLAIN and benchmarks.
 */
function participantListSql(accountId: number, query: TParticipantListQuery, sort: TParticipantSort) {
  const filters = participantFilterConditions(query, accountId);
  const window = Prisma.sql`ORDER BY ${participantOrderBy(sort)} LIMIT ${query.limit + 1} OFFSET ${query.offset}`;
  if (query.search) {
    const matches = Prisma.sql`WITH m AS MATERIALIZED (${participantSearchMatches(query.search, filters)})`;
    const total = query.includeTotal ? Prisma.sql`, count(*) OVER ()::int AS total` : Prisma.empty;
    return {
      page: Prisma.sql`${matches} SELECT p.id ${total} FROM m p ${window}`,
      count: Prisma.sql`${matches} SELECT count(*)::int AS n FROM m`,
    };
  }
  const where = whereClause(filters);
  return {
    page: Prisma.sql`SELECT p.id FROM participant p ${where} ${window}`,
    count: Prisma.sql`SELECT count(*)::int AS n FROM participant p ${where}`,
  };
}
