import type { TDb } from "~/server/db/client";
import { semanticPage, type TSemanticPage } from "../embeddings/search";
import { matchingCodesSql, matchingIdsSql } from "./count";
import type { TCardWhere } from "./filters";
import { cardRowJson } from "./rows";

/**
 * Semantic ranking of the card list (spec Cards rules 4-5, docs/api.md): every other filter is
 * applied first through `buildCardWhere`; the cards that pass and have an embedding of the current
 * model are ranked by cosine similarity to `query`, those under `minSimilarity` dropped, one page
 * returned (best first, each with its card row as JSON, read by the same statement) with the
 * total. 503 semantic_unavailable comes from semanticPage.
 */
export interface TSemanticArgs {
  db: TDb;
  accountId: number;
  where: TCardWhere;
  query: string;
  minSimilarity: number;
  limit: number;
  offset: number;
  includeTotal: boolean;
}

export function rankCardsSemantically(a: TSemanticArgs): Promise<TSemanticPage> {
  return semanticPage(a.db, {
    kind: "card",
    query: a.query,
    where: a.where.sql,
    ids: matchingIdsSql(a.where),
    codes: matchingCodesSql(a.where),
    unfiltered: a.where.unfiltered,
    empty: a.where.empty,
    minSimilarity: a.minSimilarity,
    limit: a.limit,
    offset: a.offset,
    includeTotal: a.includeTotal,
    pageRow: (id) => cardRowJson(a.accountId, id),
  });
}
