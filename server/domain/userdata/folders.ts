import type { TDb } from "~/server/db/client";
import type { Prisma } from "~/server/db/generated/prisma/client";
import { AppError, notFound, validationError } from "~/server/lib/errors";
import { iso } from "~/server/lib/format";
import { CAPS, insertWithinCap } from "../accounts/caps";
import { requireCard } from "./cards";

/**
 * Folders of one account (GET /v1/cards/folders/, folder_ids, user_data.folders). Another
 * account's folder is "not found". Names are unique per account (409 conflict); an account has at
 * most 500 folders (accounts/caps.ts).
 */

export interface TFolder {
  id: number;
  name: string;
  cards_count: number;
  created_at: string;
  updated_at: string;
}

interface TFolderRow {
  id: number;
  name: string;
  cards_count: number;
  created_at: Date;
  updated_at: Date;
}

const toFolder = (r: TFolderRow): TFolder => ({
  id: r.id,
  name: r.name,
  cards_count: r.cards_count,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

async function folderRows(db: TDb, accountId: number, folderId?: number): Promise<TFolderRow[]> {
  return db.$queryRaw<TFolderRow[]>`
    SELECT f.id, f.name, f.created_at, f.updated_at,
           (SELECT count(*)::int FROM folder_card fc WHERE fc.folder_id = f.id) AS cards_count
    FROM folder f
    WHERE f.account_id = ${accountId} AND (${folderId ?? null}::int IS NULL OR f.id = ${folderId ?? null}::int)
    ORDER BY lower(f.name), f.id`;
}

export async function listFolders(db: TDb, accountId: number): Promise<TFolder[]> {
  return (await folderRows(db, accountId)).map(toFolder);
}

export async function getFolder(db: TDb, accountId: number, folderId: number): Promise<TFolder> {
  const [row] = await folderRows(db, accountId, folderId);
  if (!row) throw notFound("Folder");
  return toFolder(row);
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
  await getFolder(db, accountId, folderId);
  await assertNameFree(db, accountId, name, folderId);
  await db.folder.update({ where: { id: folderId }, data: { name } });
  return getFolder(db, accountId, folderId);
}

export async function deleteFolder(db: TDb, accountId: number, folderId: number): Promise<{ id: number; deleted: true }> {
  const n = await db.folder.deleteMany({ where: { id: folderId, accountId } });
  if (n.count === 0) throw notFound("Folder");
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

/** Checks that every id is one of the account's folders (400 naming `param` otherwise); returns them deduplicated. */
export async function assertOwnFolders(db: TDb, accountId: number, ids: number[], param: string): Promise<number[]> {
  const unique = [...new Set(ids)];
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT id FROM folder WHERE account_id = ${accountId} AND id = ANY(${unique}::int[])`;
  if (rows.length !== unique.length) {
    const own = new Set(rows.map((r) => r.id));
    const bad = unique.filter((id) => !own.has(id));
    throw validationError(param, `no folder with id ${bad.join(", ")} in your folders`);
  }
  return unique;
}
