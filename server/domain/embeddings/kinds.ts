import { Prisma } from "~/server/db/generated/prisma/client";

/**
 * The two things that have embeddings, and the SQL names that go with them. Identifiers come only
 * from these constants (Prisma.raw of a whitelist); values are always parameters.
 *
 * What is embedded (docs/api.md): a card's name and description, a participant's name and about.
 */

export type TEmbeddingKind = "card" | "participant";

export interface TKindSql {
  /** base table and the alias list filters are written against */
  table: Prisma.Sql;
  alias: Prisma.Sql;
  /** embedding table and its key column */
  embeddings: Prisma.Sql;
  key: Prisma.Sql;
  /** the text columns, over the alias */
  name: Prisma.Sql;
  body: Prisma.Sql;
}

export const KINDS: Record<TEmbeddingKind, TKindSql> = {
  card: {
    table: Prisma.raw("card"),
    alias: Prisma.raw("c"),
    embeddings: Prisma.raw("card_embedding"),
    key: Prisma.raw("card_id"),
    name: Prisma.raw("c.name"),
    body: Prisma.raw("c.description"),
  },
  participant: {
    table: Prisma.raw("participant"),
    alias: Prisma.raw("p"),
    embeddings: Prisma.raw("participant_embedding"),
    key: Prisma.raw("participant_id"),
    name: Prisma.raw("p.name"),
    body: Prisma.raw("p.about"),
  },
};

export const ALL_KINDS: TEmbeddingKind[] = ["card", "participant"];

/** Longer texts are cut: the first sentences carry the meaning, and cost grows with length. */
const MAX_TEXT = 1000;

/** The text embedded for a row: "name. description" (or the name alone), whitespace collapsed. */
export function embeddingText(name: string, body: string | null): string {
  const n = name.replace(/\s+/g, " ").trim();
  const b = (body ?? "").replace(/\s+/g, " ").trim();
  const text = b ? `${n}${/[.!?]$/.test(n) ? "" : "."} ${b}` : n;
  return text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
}

/** The text embedded for a search query. */
export function queryText(query: string): string {
  const q = query.replace(/\s+/g, " ").trim();
  return q.length > MAX_TEXT ? q.slice(0, MAX_TEXT) : q;
}
