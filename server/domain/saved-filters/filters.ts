import type { TDb } from "~/server/db/client";
import { Prisma } from "~/server/db/generated/prisma/client";
import { AppError, notFound, validationError } from "~/server/lib/errors";
import { iso } from "~/server/lib/format";
import { CAPS, insertWithinCap } from "../accounts/caps";
import { logActivity } from "../teams/activity";
import { membershipOf, type TMembership } from "../teams/membership";
import { mayManage } from "../teams/roles";
import { SAVED_FILTER_KEYS } from "../cards/filter-keys";
import type { TCardFilterParams } from "../cards/filter-schema";

/**
 * Saved filters an account sees (GET /v1/cards/filters/, filter_id): its own private ones and its
 * team's shared ones (`visibility` team, DESIGN section 16; membership read on every call). Every
 * member lists and uses a team filter; renaming, sharing and deleting are for its creator and the
 * team's owners and admins. A shared filter stays with the team when its creator leaves. `params` holds card list
 * parameters under their spec names, in JSON form (lists as arrays, dates as YYYY-MM-DD); the
 * caller validates them with the card list schema before saving. Another account's filter is
 * "not found" (and a 400 naming filter_id when used in a card list). An account creates at most 100
 * saved filters (accounts/caps.ts): the changed cards are matched against each (saved-filters/matcher.ts).
 */

type TTx = Prisma.TransactionClient;

export type TStoredParams = Record<string, string | number | boolean | (string | number)[]>;

export interface TSavedFilter {
  id: number;
  name: string;
  params: TStoredParams;
  created_at: string;
  updated_at: string;
  visibility: "private" | "team";
  owner: { id: number; email: string };
}

type TRow = {
  id: number;
  name: string;
  params: unknown;
  createdAt: Date;
  updatedAt: Date;
  visibility: string;
  accountId: number;
  teamId: number | null;
  account: { id: number; email: string };
};

const WITH_OWNER = { account: { select: { id: true, email: true } } } as const;

/** A saved filter as the API lists it (GET /v1/cards/filters/, webhook payloads). */
export const toSavedFilter = (r: Omit<TRow, "accountId" | "teamId">): TSavedFilter => ({
  id: r.id,
  name: r.name,
  params: (r.params ?? {}) as TStoredParams,
  created_at: iso(r.createdAt),
  updated_at: iso(r.updatedAt),
  visibility: r.visibility === "team" ? "team" : "private",
  owner: r.account,
});

/** The filters `accountId` sees: its own private ones and, with a team, the team's shared ones. */
function visibleFilters(accountId: number, teamId: number | null): Prisma.SavedFilterWhereInput {
  const own: Prisma.SavedFilterWhereInput = { visibility: "private", accountId };
  return teamId === null ? own : { OR: [own, { visibility: "team", teamId }] };
}

/**
 * The same rule in SQL, for statements over many accounts at once: saved filter
 * `f` is usable by the account row `a` (its own private filter, or a team filter of its team now):
 * the alert run's followers and the recipients of saved_filter.cards_matched.
 */
export const USABLE_BY_ACCOUNT = Prisma.sql`((f.visibility = 'private' AND f.account_id = a.id) OR (f.visibility = 'team' AND f.team_id = a.group_id))`;

/** The where clause of the filters the account sees now (membership read from the database). */
export async function visibleFiltersOf(db: TDb, accountId: number): Promise<Prisma.SavedFilterWhereInput> {
  return visibleFilters(accountId, (await membershipOf(db, accountId))?.teamId ?? null);
}

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
  const rows = await db.savedFilter.findMany({
    where: await visibleFiltersOf(db, accountId),
    orderBy: [{ name: "asc" }, { id: "asc" }],
    include: WITH_OWNER,
  });
  return rows.map(toSavedFilter);
}

/** A filter the caller sees and may rename, share or delete (its creator, or an owner or admin of its team). */
async function managed(db: TDb, accountId: number, id: number): Promise<{ row: TRow; m: TMembership | null }> {
  const m = await membershipOf(db, accountId);
  const row = await db.savedFilter.findFirst({ where: { id, ...visibleFilters(accountId, m?.teamId ?? null) }, include: WITH_OWNER });
  if (!row) throw notFound("Saved filter");
  if (!mayManage(row.accountId, { accountId, role: m?.role })) {
    throw new AppError("permission_denied", "Only the filter's creator and the team's owners and admins can rename, share or delete it.");
  }
  return { row, m };
}

/** Shares a saved filter with the caller's team (`team`) or makes it its creator's own again (`private`). */
export async function setSavedFilterVisibility(
  db: TDb,
  accountId: number,
  id: number,
  visibility: "private" | "team",
): Promise<TSavedFilter> {
  const { row, m } = await managed(db, accountId, id);
  if (visibility === "team" && !m) throw new AppError("conflict", "Join or create a team before sharing.");
  if (row.visibility === visibility) return toSavedFilter(row);
  const teamId = visibility === "team" ? m!.teamId : null;
  const updated = await db.savedFilter.update({ where: { id }, data: { visibility, teamId }, include: WITH_OWNER });
  const logTeam = teamId ?? row.teamId;
  if (logTeam !== null) {
    await logActivity(db, logTeam, accountId, visibility === "team" ? "shared" : "unshared", { saved_filter_id: id, name: row.name });
  }
  return toSavedFilter(updated);
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
  return toSavedFilter(
    await insertWithinCap(
      db,
      accountId,
      { limit: CAPS.savedFilters, what: "saved filters", param: "name", count: (tx) => tx.savedFilter.count({ where: { accountId } }) },
      async (tx) => {
        await assertNameFree(tx, accountId, name);
        return tx.savedFilter.create({ data: { accountId, name, params }, include: WITH_OWNER });
      },
    ),
  );
}

export async function renameSavedFilter(db: TDb, accountId: number, id: number, name: string): Promise<TSavedFilter> {
  const { row } = await managed(db, accountId, id);
  await assertNameFree(db, row.accountId, name, id);
  return toSavedFilter(await db.savedFilter.update({ where: { id }, data: { name }, include: WITH_OWNER }));
}

export async function deleteSavedFilter(db: TDb, accountId: number, id: number): Promise<{ id: number; deleted: true }> {
  const { row } = await managed(db, accountId, id);
  const n = await db.savedFilter.deleteMany({ where: { id } });
  if (n.count === 0) throw notFound("Saved filter");
  if (row.visibility === "team" && row.teamId !== null) {
    await logActivity(db, row.teamId, accountId, "deleted", { saved_filter_id: id, name: row.name });
  }
  return { id, deleted: true };
}

/** The stored parameters of filter `id`, the caller's or its team's (400 naming filter_id when the caller does not see it). */
export async function savedFilterParams(db: TDb, accountId: number, id: number): Promise<Record<string, unknown>> {
  const row = await db.savedFilter.findFirst({ where: { id, ...(await visibleFiltersOf(db, accountId)) }, select: { params: true } });
  if (!row) throw validationError("filter_id", `no saved filter with id ${id} in your filters`);
  const params = row.params;
  return params && typeof params === "object" && !Array.isArray(params) ? (params as Record<string, unknown>) : {};
}
