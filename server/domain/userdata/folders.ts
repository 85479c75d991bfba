import type { TDb } from "~/server/db/client";
import { Prisma } from "~/server/db/generated/prisma/client";
import { AppError, notFound, validationError } from "~/server/lib/errors";
import { iso } from "~/server/lib/format";
import { CAPS, insertWithinCap } from "../accounts/caps";
import { logActivity, logCardActivity } from "../teams/activity";
import { membershipOf, type TMembership } from "../teams/membership";
import { mayManage } from "../teams/roles";
import { requireCard } from "./cards";

/**
 * Folders an account can see (GET /v1/cards/folders/, folder_ids, user_data.folders): its own
 * private ones and its team's shared ones (`visibility` team, DESIGN section 16). Any other folder
 * is "not found". Every member adds and removes cards in a team folder; renaming, sharing and
 * deleting are for its creator and the team's owners and admins. A shared folder stays with the
 * team when its creator leaves (it goes when the creator's account is deleted, as everything the
 * account created). Names are unique per creator (409 conflict); an account creates at most 500
 * folders (accounts/caps.ts). Membership is read on every call, never cached. A card added to or
 * removed from a team folder is an entry of the team's activity log (who, which card, which
 * folder); a private folder's contents are its creator's own business and are not logged.
 */

export type TVisibility = "private" | "team";

export interface TFolder {
  id: number;
  name: string;
  cards_count: number;
  created_at: string;
  updated_at: string;
  visibility: TVisibility;
  owner: { id: number; email: string };
}

interface TFolderRow {
  id: number;
  name: string;
  cards_count: number;
  created_at: Date;
  updated_at: Date;
  visibility: string;
  account_id: number;
  owner_email: string;
  team_id: number | null;
}

const toFolder = (r: TFolderRow): TFolder => ({
  id: r.id,
  name: r.name,
  cards_count: r.cards_count,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
  visibility: r.visibility === "team" ? "team" : "private",
  owner: { id: r.account_id, email: r.owner_email },
});

async function folderRows(db: TDb, accountId: number, teamId: number | null, folderId?: number): Promise<TFolderRow[]> {
  return db.$queryRaw<TFolderRow[]>`
    SELECT f.id, f.name, f.created_at, f.updated_at, f.visibility, f.account_id, f.team_id, a.email AS owner_email,
           (SELECT count(*)::int FROM folder_card fc WHERE fc.folder_id = f.id) AS cards_count
    FROM folder f JOIN account a ON a.id = f.account_id
    WHERE ((f.visibility = 'private' AND f.account_id = ${accountId})
           OR (f.visibility = 'team' AND f.team_id = ${teamId}::int))
      AND (${folderId ?? null}::int IS NULL OR f.id = ${folderId ?? null}::int)
    ORDER BY lower(f.name), f.id`;
}

/**
 * The rule of folderRows in SQL, for a statement that reads the account row `a`: folder `f` is its
 * own private folder or a shared folder of its team now (typeahead's one statement).
 */
export const FOLDER_USABLE_BY_ACCOUNT = Prisma.sql`((f.visibility = 'private' AND f.account_id = a.id) OR (f.visibility = 'team' AND f.team_id = a.group_id))`;

const teamIdOf = async (db: TDb, accountId: number) => (await membershipOf(db, accountId))?.teamId ?? null;

export async function listFolders(db: TDb, accountId: number): Promise<TFolder[]> {
  return (await folderRows(db, accountId, await teamIdOf(db, accountId))).map(toFolder);
}

/** A folder the caller sees, with its team (404 otherwise). */
async function visibleFolder(db: TDb, accountId: number, folderId: number): Promise<TFolderRow> {
  const [row] = await folderRows(db, accountId, await teamIdOf(db, accountId), folderId);
  if (!row) throw notFound("Folder");
  return row;
}

export async function getFolder(db: TDb, accountId: number, folderId: number): Promise<TFolder> {
  return toFolder(await visibleFolder(db, accountId, folderId));
}

/** A folder the caller sees and may rename, share or delete (its creator, or an owner or admin of its team). */
async function managedFolder(db: TDb, accountId: number, folderId: number): Promise<{ row: TFolderRow; m: TMembership | null }> {
  const m = await membershipOf(db, accountId);
  const [row] = await folderRows(db, accountId, m?.teamId ?? null, folderId);
  if (!row) throw notFound("Folder");
  if (!mayManage(row.account_id, { accountId, role: m?.role })) {
    throw new AppError("permission_denied", "Only the folder's creator and the team's owners and admins can rename, share or delete it.");
  }
  return { row, m };
}

/** Shares a folder with the caller's team (`team`) or makes it its creator's own again (`private`). */
export async function setFolderVisibility(db: TDb, accountId: number, folderId: number, visibility: TVisibility): Promise<TFolder> {
  const { row, m } = await managedFolder(db, accountId, folderId);
  if (visibility === "team" && !m) throw new AppError("conflict", "Join or create a team before sharing.");
  if (row.visibility !== visibility) {
    const teamId = visibility === "team" ? m!.teamId : null;
    await db.folder.update({ where: { id: folderId }, data: { visibility, teamId } });
    const logTeam = teamId ?? row.team_id;
    if (logTeam !== null) {
      await logActivity(db, logTeam, accountId, visibility === "team" ? "shared" : "unshared", { folder_id: folderId, name: row.name });
    }
  }
  return getFolder(db, visibility === "team" ? accountId : row.account_id, folderId);
}

async function assertNameFree(db: TDb | Prisma.TransactionClient, accountId: number, name: string, exceptId?: number) {
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT id FROM folder WHERE account_id = ${accountId} AND lower(name) = lower(${name})
      AND (${exceptId ?? null}::int IS NULL OR id <> ${exceptId ?? null}::int)`;
  if (rows.length > 0) throw new AppError("conflict", `You already have a folder named '${name}'.`);
}

export async function createFolder(db: TDb, accountId: number, name: string): Promise<TFolder> {
  const f = await insertWithinCap(
    db,
    accountId,
    { limit: CAPS.folders, what: "folders", param: "name", count: (tx) => tx.folder.count({ where: { accountId } }) },
    async (tx) => {
      await assertNameFree(tx, accountId, name);
      return tx.folder.create({ data: { accountId, name } });
    },
  );
  return getFolder(db, accountId, f.id);
}

export async function renameFolder(db: TDb, accountId: number, folderId: number, name: string): Promise<TFolder> {
  const { row } = await managedFolder(db, accountId, folderId);
  await assertNameFree(db, row.account_id, name, folderId);
  await db.folder.update({ where: { id: folderId }, data: { name } });
  return getFolder(db, accountId, folderId);
}

export async function deleteFolder(db: TDb, accountId: number, folderId: number): Promise<{ id: number; deleted: true }> {
  const { row } = await managedFolder(db, accountId, folderId);
  const n = await db.folder.deleteMany({ where: { id: folderId } });
  if (n.count === 0) throw notFound("Folder");
  if (row.visibility === "team" && row.team_id !== null) {
    await logActivity(db, row.team_id, accountId, "deleted", { folder_id: folderId, name: row.name });
  }
  return { id: folderId, deleted: true };
}

/**
 * Puts `cardIds` into the folder or takes them out, and, for a team folder, logs each card that
 * moved on the team's activity log, in one transaction.
 */
async function changeFolderCards(db: TDb, accountId: number, folder: TFolderRow, cardIds: number[], change: "add" | "remove") {
  const teamId = folder.visibility === "team" ? folder.team_id : null;
  await db.$transaction(async (tx) => {
    const moved =
      change === "add"
        ? await tx.$queryRaw<{ card_id: number }[]>`
            INSERT INTO folder_card (folder_id, card_id) SELECT ${folder.id}, unnest(${cardIds}::int[])
            ON CONFLICT DO NOTHING RETURNING card_id`
        : await tx.$queryRaw<{ card_id: number }[]>`
            DELETE FROM folder_card WHERE folder_id = ${folder.id} AND card_id = ANY(${cardIds}::int[]) RETURNING card_id`;
    // An addition touches the folder even when its cards were there already; a removal only when it took one out.
    if (change === "add" || moved.length > 0) await tx.$executeRaw`UPDATE folder SET updated_at = now() WHERE id = ${folder.id}`;
    if (teamId === null || moved.length === 0) return;
    const order = new Map(cardIds.map((id, i) => [id, i]));
    const ids = moved.map((m) => m.card_id).sort((a, b) => order.get(a)! - order.get(b)!);
    await logCardActivity(tx, teamId, accountId, change === "add" ? "card_added" : "card_removed", ids, {
      folder_id: folder.id,
      folder_name: folder.name,
    });
  });
}

export async function addCardToFolder(db: TDb, accountId: number, folderId: number, cardId: number): Promise<TFolder> {
  const folder = await visibleFolder(db, accountId, folderId);
  await requireCard(db, cardId);
  await changeFolderCards(db, accountId, folder, [cardId], "add");
  return getFolder(db, accountId, folderId);
}

/** Adds several cards at once (the list page's "add selected to folder"); every id must be a card. */
export async function addCardsToFolder(db: TDb, accountId: number, folderId: number, cardIds: number[]): Promise<TFolder> {
  const folder = await visibleFolder(db, accountId, folderId);
  const unique = [...new Set(cardIds)];
  const found = await db.$queryRaw<{ id: number }[]>`SELECT id FROM card WHERE id = ANY(${unique}::int[])`;
  if (found.length !== unique.length) throw notFound("Card");
  await changeFolderCards(db, accountId, folder, unique, "add");
  return getFolder(db, accountId, folderId);
}

export async function removeCardFromFolder(db: TDb, accountId: number, folderId: number, cardId: number): Promise<TFolder> {
  const folder = await visibleFolder(db, accountId, folderId);
  await requireCard(db, cardId);
  await changeFolderCards(db, accountId, folder, [cardId], "remove");
  return getFolder(db, accountId, folderId);
}

/** Checks that every id is a folder the account sees, its own or its team's (400 naming `param` otherwise); returns them deduplicated. */
export async function assertVisibleFolders(db: TDb, accountId: number, ids: number[], param: string): Promise<number[]> {
  const unique = [...new Set(ids)];
  const teamId = await teamIdOf(db, accountId);
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT id FROM folder
    WHERE ((visibility = 'private' AND account_id = ${accountId}) OR (visibility = 'team' AND team_id = ${teamId}::int))
      AND id = ANY(${unique}::int[])`;
  if (rows.length !== unique.length) {
    const own = new Set(rows.map((r) => r.id));
    const bad = unique.filter((id) => !own.has(id));
    throw validationError(param, `no folder with id ${bad.join(", ")} in your folders`);
  }
  return unique;
}
