import type { TDb } from "~/server/db/client";
import { Prisma } from "~/server/db/generated/prisma/client";
import { validationError } from "~/server/lib/errors";
import { freshReferenceData, referenceData, referenceDataNewerThan, type TReferenceData } from "../reference/cache";
import { userDataFor, type TUserData } from "../userdata/read";
import { baseFields, metaFields, pick } from "./fields";
import { buildCardWhere, type TCardWhere } from "./filters";
import { formatCard, type TCardItem, type TCardRow } from "./format";
import { DEFAULT_MIN_SIMILARITY, type TCardListParams } from "./params";
import { planCardList, runPlan } from "./plan";
import { cardRowJson, decodeCardRow } from "./rows";
import { rankCardsSemantically } from "./semantic-step";
import { parseSort, type TSort } from "./sort-param";

/**
 * GET/POST /v1/cards/: filter (filters.ts), count (count.ts), one page (rows.ts), format
 * (format.ts), select fields (fields.ts), add user data. With `semantic`, semantic search
 * (semantic-step.ts) ranks the filtered cards instead of the sort.
 */

export type TCardListItem = Partial<TCardItem> & { user_data?: TUserData; similarity?: number };

export interface TCardListResult {
  data: TCardListItem[];
  page: { limit: number; offset: number; total: number | null; fetched: number };
  meta: {
    sort: string;
    fields: string[];
    semantic?: { enabled: boolean; min_similarity: number; ranking: string };
  };
}

export function effectiveSort(raw: string | undefined): TSort {
  const sort = parseSort(raw);
  if ("error" in sort) throw validationError("sort", sort.error);
  return sort;
}

/** Whether `ref` knows every stage, round, location and category the rows point to. */
const knowsAll = (ref: TReferenceData, rows: TCardRow[]) =>
  rows.every(
    (r) =>
      (r.stage_id === null || ref.stages.byId.has(r.stage_id)) &&
      (r.round_id === null || ref.rounds.byId.has(r.round_id)) &&
      (r.location_id === null || ref.locations.byId.has(r.location_id)) &&
      (r.category_ids ?? []).every((id) => ref.categories.byId.has(id)),
  );

/** Reference data that knows every stage, round, location and category the rows point to. */
async function referenceFor(db: TDb, rows: TCardRow[]): Promise<TReferenceData> {
  const ref = await referenceData(db);
  if (knowsAll(ref, rows)) return ref;
  // Ids read from rows (not a caller's slugs) name reference data that exists: read it again now,
  // or a card would be served without a stage or category created a moment ago. A shared newer
  // load may have started before that row was written: then one more read of our own.
  const newer = await referenceDataNewerThan(db, ref);
  return knowsAll(newer, rows) ? newer : freshReferenceData(db);
}

/** Formats rows into list items with the selected fields and, when asked, user data. */
export async function cardItems(
  db: TDb,
  accountId: number,
  rows: TCardRow[],
  opts: { fields: readonly string[]; userData: boolean; similarity?: Map<number, number> },
): Promise<TCardListItem[]> {
  const [ref, userData] = await Promise.all([
    referenceFor(db, rows),
    opts.userData
      ? userDataFor(
          db,
          accountId,
          rows.map((r) => r.id),
        )
      : undefined,
  ]);
  return rows.map((r) => {
    const item: TCardListItem = pick(formatCard(ref, r), opts.fields);
    if (userData) item.user_data = userData.get(r.id);
    if (opts.similarity) item.similarity = opts.similarity.get(r.id) ?? 0;
    return item;
  });
}

/**
 * The cards of `ids`, in that order and formatted as the list formats them with `fields` (a card
 * deleted meanwhile is left out): the cards a saved filter's webhook body and its alert e-mails
 * name.
 */
export async function cardItemsById(db: TDb, accountId: number, ids: number[], fields: readonly string[]): Promise<TCardListItem[]> {
  if (ids.length === 0) return [];
  const rows = await db.$queryRaw<{ row: string | null }[]>`
    SELECT ${cardRowJson(accountId, Prisma.sql`m.card_id`)} AS row FROM unnest(${ids}::int[]) WITH ORDINALITY AS m(card_id, n) ORDER BY m.n`;
  return cardItems(
    db,
    accountId,
    rows.flatMap((r) => (r.row ? [decodeCardRow(r.row)] : [])),
    { fields, userData: false },
  );
}

async function semanticPage(db: TDb, accountId: number, where: TCardWhere, p: TCardListParams, includeTotal: boolean) {
  const minSimilarity = p.min_similarity ?? DEFAULT_MIN_SIMILARITY;
  const ranked = await rankCardsSemantically({
    db,
    accountId,
    where,
    query: p.search!,
    minSimilarity,
    limit: p.limit,
    offset: p.offset,
    includeTotal,
  });
  const rows = ranked.rows.flatMap((r) => (r.row ? [decodeCardRow(r.row)] : []));
  const similarity = new Map(ranked.rows.map((r) => [r.id, r.similarity]));
  return { rows, total: ranked.total, similarity, minSimilarity };
}

export async function listCards(db: TDb, accountId: number, p: TCardListParams): Promise<TCardListResult> {
  const sort = effectiveSort(p.sort);
  if (p.semantic && !p.search) throw validationError("semantic", "semantic search requires search");
  const includeTotal = p.include_total ?? true;
  const fields = baseFields(p.view, p.fields);
  const userData = p.include_user_data ?? false;
  const where = await buildCardWhere(db, accountId, p);

  if (p.semantic) {
    const s = await semanticPage(db, accountId, where, p, includeTotal);
    return {
      data: await cardItems(db, accountId, s.rows.slice(0, p.limit), { fields, userData, similarity: s.similarity }),
      page: { limit: p.limit, offset: p.offset, total: s.total, fetched: s.rows.length },
      meta: {
        sort: sort.text,
        fields: metaFields(fields, userData, true),
        semantic: { enabled: true, min_similarity: s.minSimilarity, ranking: "cosine" },
      },
    };
  }

  const plan = await planCardList(db, accountId, where, sort, p, includeTotal);
  const { rows, total } = await runPlan(db, plan, where.unfiltered, includeTotal);
  return {
    data: await cardItems(db, accountId, rows.slice(0, p.limit), { fields, userData }),
    page: { limit: p.limit, offset: p.offset, total, fetched: rows.length },
    meta: { sort: sort.text, fields: metaFields(fields, userData, false) },
  };
}
