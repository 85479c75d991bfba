import type { TDb } from "~/server/db/client";
import { iso } from "~/server/lib/format";
import { requireCard } from "./cards";

/** One note per account and card (user_data.note): written, rewritten, read and deleted. */

export interface TNote {
  card_id: number;
  text: string;
  created_at: string;
  updated_at: string;
}

interface TNoteRow {
  card_id: number;
  text: string;
  created_at: Date;
  updated_at: Date;
}

const toNote = (r: TNoteRow): TNote => ({
  card_id: r.card_id,
  text: r.text,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

export async function getNote(db: TDb, accountId: number, cardId: number): Promise<TNote | null> {
  await requireCard(db, cardId);
  const rows = await db.$queryRaw<TNoteRow[]>`
    SELECT card_id, text, created_at, updated_at FROM card_note WHERE account_id = ${accountId} AND card_id = ${cardId}`;
  return rows[0] ? toNote(rows[0]) : null;
}

export async function saveNote(db: TDb, accountId: number, cardId: number, text: string): Promise<TNote> {
  await requireCard(db, cardId);
  const rows = await db.$queryRaw<TNoteRow[]>`
    INSERT INTO card_note (account_id, card_id, text, created_at, updated_at)
    VALUES (${accountId}, ${cardId}, ${text}, now(), now())
    ON CONFLICT (account_id, card_id) DO UPDATE SET text = EXCLUDED.text, updated_at = now()
    RETURNING card_id, text, created_at, updated_at`;
  return toNote(rows[0]!);
}

export async function deleteNote(db: TDb, accountId: number, cardId: number): Promise<{ card_id: number; deleted: boolean }> {
  await requireCard(db, cardId);
  const n = await db.$executeRaw`DELETE FROM card_note WHERE account_id = ${accountId} AND card_id = ${cardId}`;
  return { card_id: cardId, deleted: n > 0 };
}
