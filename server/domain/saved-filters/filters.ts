import type { TDb } from "~/server/db/client";
import type { Prisma } from "~/server/db/generated/prisma/client";
import { AppError, notFound, validationError } from "~/server/lib/errors";
import { iso } from "~/server/lib/format";
import { CAPS, insertWithinCap } from "../accounts/caps";
import { SAVED_FILTER_KEYS } from "../cards/filter-keys";
import type { TCardFilterParams } from "../cards/filter-schema";

/**
 * Saved filters of one account (GET /v1/cards/filters/, filter_id). `params` holds card list
 * parameters under their spec names, in JSON form (lists as arrays, dates as YYYY-MM-DD); the
 * caller validates them with the card list schema before saving. Another account's filter is
 * "not found" (and a 400 naming filter_id when used in a card list). An account has at most 100
 * saved filters (accounts/caps.ts): each one is checked every 5 minutes for webhooks.
 */

type TTx = Prisma.TransactionClient;

export type TStoredParams = Record<string, string | number | boolean | (string | number)[]>;

export interface TSavedFilter {
  id: number;
  name: string;
  params: TStoredParams;
  created_at: string;
  updated_at: string;
}

type TRow = { id: number; name: string; params: unknown; createdAt: Date; updatedAt: Date };

const toFilter = (r: TRow): TSavedFilter => ({
  id: r.id,
  name: r.name,
  params: (r.params ?? {}) as TStoredParams,
  created_at: iso(r.createdAt),
  updated_at: iso(r.updatedAt),
});

/** The JSON form of validated filter parameters (only the keys a saved filter may hold). */
export function toStoredParams(p: TCardFilterParams): TStoredParams {
  const out: TStoredParams = {};
  for (const key of SAVED_FILTER_KEYS) {
    const v = p[key];
    if (v === undefined) continue;
    out[key] = v instanceof Date ? v.toISOString().slice(0, 10) : (v as TStoredParams[string]);
  }
  return out;
}

export async function listSavedFilters(db: TDb, accountId: number): Promise<TSavedFilter[]> {
  const rows = await db.savedFilter.findMany({ where: { accountId }, orderBy: [{ name: "asc" }, { id: "asc" }] });
  return rows.map(toFilter);
}

async function own(db: TDb, accountId: number, id: number): Promise<TRow> {
  const row = await db.savedFilter.findFirst({ where: { id, accountId } });
  if (!row) throw notFound("Saved filter");
  return row;
}

async function assertNameFree(db: TDb | TTx, accountId: number, name: string, exceptId?: number) {
  const clash = await db.savedFilter.findFirst({
    where: { accountId, name: { equals: name, mode: "insensitive" }, ...(exceptId ? { id: { not: exceptId } } : {}) },
  });
  if (clash) throw new AppError("conflict", `You already have a saved filter named '${name}'.`);
}

export async function createSavedFilter(db: TDb, accountId: number, name: string, params: TStoredParams): Promise<TSavedFilter> {
  // jsonb cannot hold NUL characters.
  if (JSON.stringify(params).includes("\\u0000")) throw validationError("params", "must not contain NUL characters");
  return toFilter(
    await insertWithinCap(
      db,
      accountId,
      { limit: CAPS.savedFilters, what: "saved filters", param: "name", count: (tx) => tx.savedFilter.count({ where: { accountId } }) },
      async (tx) => {
        await assertNameFree(tx, accountId, name);
        return tx.savedFilter.create({ data: { accountId, name, params } });
      },
    ),
  );
}

export async function renameSavedFilter(db: TDb, accountId: number, id: number, name: string): Promise<TSavedFilter> {
  await own(db, accountId, id);
  await assertNameFree(db, accountId, name, id);
  return toFilter(await db.savedFilter.update({ where: { id }, data: { name } }));
}

export async function deleteSavedFilter(db: TDb, accountId: number, id: number): Promise<{ id: number; deleted: true }> {
  const n = await db.savedFilter.deleteMany({ where: { id, accountId } });
  if (n.count === 0) throw notFound("Saved filter");
  return { id, deleted: true };
}

/** The stored parameters of the caller's filter `id` (400 naming filter_id when it is not theirs). */
export async function savedFilterParams(db: TDb, accountId: number, id: number): Promise<Record<string, unknown>> {
  const row = await db.savedFilter.findFirst({ where: { id, accountId }, select: { params: true } });
  if (!row) throw validationError("filter_id", `no saved filter with id ${id} in your filters`);
  const params = row.params;
  return params && typeof params === "object" && !Array.isArray(params) ? (params as Record<string, unknown>) : {};
}
