import type { TDb } from "~/server/db/client";
import { iso } from "~/server/lib/format";

/**
 * The spec's user_data object of cards, for one account: is_liked, has_note, note (only when
 * has_note is true), folders [{id, name}] (the folders the account sees, its own and its team's
 * shared ones, holding the card; team membership read in the same query, never cached).
 */
export interface TUserData {
  is_liked: boolean;
  has_note: boolean;
  note?: { text: string; created_at: string; updated_at: string };
  folders: { id: number; name: string }[];
}

export async function userDataFor(db: TDb, accountId: number, cardIds: number[]): Promise<Map<number, TUserData>> {
  const out = new Map<number, TUserData>(cardIds.map((id) => [id, { is_liked: false, has_note: false, folders: [] }]));
  if (cardIds.length === 0) return out;
  const [likes, notes, folders] = await Promise.all([
    db.$queryRaw<{ card_id: number }[]>`
      SELECT card_id FROM card_like WHERE account_id = ${accountId} AND card_id = ANY(${cardIds}::int[])`,
    db.$queryRaw<{ card_id: number; text: string; created_at: Date; updated_at: Date }[]>`
      SELECT card_id, text, created_at, updated_at FROM card_note
      WHERE account_id = ${accountId} AND card_id = ANY(${cardIds}::int[])`,
    db.$queryRaw<{ card_id: number; id: number; name: string }[]>`
      SELECT fc.card_id, f.id, f.name FROM folder_card fc JOIN folder f ON f.id = fc.folder_id
      WHERE ((f.visibility = 'private' AND f.account_id = ${accountId})
             OR (f.visibility = 'team' AND f.team_id = (SELECT group_id FROM account WHERE id = ${accountId})))
        AND fc.card_id = ANY(${cardIds}::int[])
      ORDER BY f.name, f.id`,
  ]);
  for (const l of likes) out.get(l.card_id)!.is_liked = true;
  for (const n of notes) {
    const u = out.get(n.card_id)!;
    u.has_note = true;
    u.note = { text: n.text, created_at: iso(n.created_at), updated_at: iso(n.updated_at) };
  }
  for (const f of folders) out.get(f.card_id)!.folders.push({ id: f.id, name: f.name });
  return out;
}
