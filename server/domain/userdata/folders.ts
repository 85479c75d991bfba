import type { TDb } from "~/server/db/client";
import type { Prisma } from "~/server/db/generated/prisma/client";
import { AppError, notFound, validationError } from "~/server/lib/errors";
import { iso } from "~/server/lib/format";
import { CAPS, insertWithinCap } from "../accounts/caps";
import { logActivity } from "../teams/activity";
import { isManager, membershipOf, type TMembership } from "../teams/membership";
import { requireCard } from "./cards";

/**
 * Folders an account can see (GET /v1/cards/folders/, folder_ids, user_data.folders): its own
 * private ones and its team's shared ones (`visibility` team, DESIGN section 16). Any other folder
 * is "not found". Every member adds and removes cards in a team folder; renaming, sharing and
 * deleting are for its creator and the team's owners and admins. A shared folder stays with the
 * team when its creator leaves (it goes when the creator's account is deleted, as everything the
 * account created). Names are unique per creator (409 conflict); an account creates at most 500
 * folders (accounts/caps.ts). Membership is read on every call, never cached.
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

const teamIdOf = async (db: TDb, accountId: number) => (await membershipOf(db, accountId))?.teamId ?? null;

export async function listFolders(db: TDb, accountId: number): Promise<TFolder[]> {
  return (await folderRows(db, accountId, await teamIdOf(db, accountId))).map(toFolder);
}

export async function getFolder(db: TDb, accountId: number, folderId: number): Promise<TFolder> {
  const [row] = await folderRows(db, accountId, await teamIdOf(db, accountId), folderId);
  if (!row) throw notFound("Folder");
  return toFolder(row);
}

/** A folder the caller sees and may rename, share or delete (its creator, or an owner or admin of its team). */
async function managedFolder(db: TDb, accountId: number, folderId: number): Promise<{ row: TFolderRow; m: TMembership | null }> {
  const m = await membershipOf(db, accountId);
  const [row] = await folderRows(db, accountId, m?.teamId ?? null, folderId);
  if (!row) throw notFound("Folder");
  if (row.account_id !== accountId && !isManager(m)) {
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

export async function addCardToFolder(db: TDb, accountId: number, folderId: number, cardId: number): Promise<TFolder> {
  await getFolder(db, accountId, folderId);
  await requireCard(db, cardId);
  await db.$executeRaw`
    INSERT INTO folder_card (folder_id, card_id) VALUES (${folderId}, ${cardId}) ON CONFLICT DO NOTHING`;
  await db.$executeRaw`UPDATE folder SET updated_at = now() WHERE id = ${folderId}`;
  return getFolder(db, accountId, folderId);
}

/** Adds several cards at once (the list page's "add selected to folder"); every id must be a card. */
export async function addCardsToFolder(db: TDb, accountId: number, folderId: number, cardIds: number[]): Promise<TFolder> {
  await getFolder(db, accountId, folderId);
  const unique = [...new Set(cardIds)];
  const found = await db.$queryRaw<{ id: number }[]>`SELECT id FROM card WHERE id = ANY(${unique}::int[])`;
  if (found.length !== unique.length) throw notFound("Card");
  await db.$executeRaw`
    INSERT INTO folder_card (folder_id, card_id) SELECT ${folderId}, unnest(${unique}::int[]) ON CONFLICT DO NOTHING`;
  await db.$executeRaw`UPDATE folder SET updated_at = now() WHERE id = ${folderId}`;
  return getFolder(db, accountId, folderId);
}

export async function removeCardFromFolder(db: TDb, accountId: number, folderId: number, cardId: number): Promise<TFolder> {
  await getFolder(db, accountId, folderId);
  await requireCard(db, cardId);
  const n = await db.$executeRaw`DELETE FROM folder_card WHERE folder_id = ${folderId} AND card_id = ${cardId}`;
  if (n > 0) await db.$executeRaw`UPDATE folder SET updated_at = now() WHERE id = ${folderId}`;
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
