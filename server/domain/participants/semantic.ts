import { Prisma } from "~/server/db/generated/prisma/client";
import type { TDb } from "~/server/db/client";
import { semanticPage } from "../embeddings/search";
import { participantFilterConditions } from "./filters";
import { decodeParticipantRow, participantRowJson, withoutId } from "./rows";
import type { TParticipantList, TParticipantListQuery } from "./types";

/**
 * Semantic ranking of the participants list (spec: semantic rules as for cards; docs/api.md): the
 * filters (type, web3, web2, saved_only) apply first, then participants are ranked by cosine
 * similarity of their embedding to the `search` text; rows under `min_similarity` are dropped and
 * each item carries `similarity`. The page's rows are read by the ranking statement (pageRow).
 * 503 semantic_unavailable comes from semanticPage.
 */
export async function semanticParticipants(db: TDb, accountId: number, query: TParticipantListQuery): Promise<TParticipantList> {
  const conditions = participantFilterConditions(query, accountId);
  const savedFor = query.includeUserData ? accountId : undefined;
  const page = await semanticPage(db, {
    kind: "participant",
    query: query.search ?? "",
    where: conditions.length > 0 ? Prisma.join(conditions, " AND ") : undefined,
    unfiltered: conditions.length === 0,
    minSimilarity: query.minSimilarity,
    limit: query.limit,
    offset: query.offset,
    includeTotal: query.includeTotal,
    pageRow: (id) => participantRowJson(id, { savedFor }),
  });
  const items = page.rows
    .flatMap((r) => (r.row ? [{ ...decodeParticipantRow(r.row), similarity: r.similarity }] : []))
    .slice(0, query.limit);
  return {
    data: withoutId(items),
    total: page.total,
    fetched: page.rows.length,
    meta: {
      sort: "similarity:desc",
      include_user_data: query.includeUserData,
      semantic: { enabled: true, min_similarity: query.minSimilarity, ranking: "cosine" },
    },
  };
}
