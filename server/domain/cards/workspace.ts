import type { TDb } from "~/server/db/client";
import { AppError, notFound } from "~/server/lib/errors";
import { listCards, type TCardListItem } from "./list";

/**
 * What the workspace's card page shows beside GET /v1/cards/<slug>/: signals per month (the
 * chart) and similar cards. Both are tRPC-only (browser) reads.
 */

export interface TMonthCount {
  /** YYYY-MM (UTC). */
  month: string;
  count: number;
}

async function cardBySlug(
  db: TDb,
  slug: string,
): Promise<{ id: number; name: string; description: string | null; category_ids: number[] }> {
  const rows = await db.$queryRaw<{ id: number; name: string; description: string | null; category_ids: number[] | null }[]>`
    SELECT id, name, description, category_ids FROM card WHERE slug = ${slug}`;
  if (!rows[0]) throw notFound("Card");
  return { ...rows[0], category_ids: rows[0].category_ids ?? [] };
}

/** Interactions of the card per calendar month (UTC), oldest first, months without any filled with 0. */
export async function signalsPerMonth(db: TDb, slug: string): Promise<TMonthCount[]> {
  const card = await cardBySlug(db, slug);
  const rows = await db.$queryRaw<{ month: string; count: number }[]>`
    SELECT to_char(date_trunc('month', created_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month, count(*)::int AS count
    FROM interaction WHERE card_id = ${card.id} GROUP BY 1 ORDER BY 1`;
  if (rows.length === 0) return [];
  const counts = new Map(rows.map((r) => [r.month, r.count]));
  const out: TMonthCount[] = [];
  let [y, m] = rows[0]!.month.split("-").map(Number) as [number, number];
  const last = rows[rows.length - 1]!.month;
  for (let guard = 0; guard < 600; guard++) {
    const key = `${y}-${String(m).padStart(2, "0")}`;
    out.push({ month: key, count: counts.get(key) ?? 0 });
    if (key === last) break;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

export interface TSimilarCards {
  /** "semantic": nearest by embedding; "categories": sharing the card's categories (embeddings off or not ready). */
  method: "semantic" | "categories";
  data: TCardListItem[];
}

const FIELDS = ["id", "slug", "name", "image", "stage", "categories", "interactions_count"];

/**
 * Cards like this one: its semantic neighbours (its name and description as the query) when
 * semantic search is available, otherwise the most signalled cards sharing one of its categories.
 */
export async function similarCards(db: TDb, accountId: number, slug: string, limit: number): Promise<TSimilarCards> {
  const card = await cardBySlug(db, slug);
  const query = `${card.name}${card.description ? `. ${card.description}` : ""}`.slice(0, 500);
  try {
    const r = await listCards(db, accountId, { search: query, semantic: true, limit: limit + 1, offset: 0, fields: FIELDS });
    return { method: "semantic", data: r.data.filter((c) => c.id !== card.id).slice(0, limit) };
  } catch (err) {
    if (!(err instanceof AppError && err.code === "semantic_unavailable")) throw err;
  }
  if (card.category_ids.length === 0) return { method: "categories", data: [] };
  const slugs = await db.$queryRaw<{ slug: string }[]>`SELECT slug FROM category WHERE id = ANY(${card.category_ids}::int[])`;
  const r = await listCards(db, accountId, {
    categories: slugs.map((s) => s.slug),
    sort: "trending",
    limit: limit + 1,
    offset: 0,
    fields: FIELDS,
  });
  return { method: "categories", data: r.data.filter((c) => c.id !== card.id).slice(0, limit) };
}
