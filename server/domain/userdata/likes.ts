import type { TDb } from "~/server/db/client";
import { requireCard } from "./cards";

/** Likes of one account (user_data.is_liked). Liking twice or unliking twice is harmless. */

export async function likeCard(db: TDb, accountId: number, cardId: number): Promise<{ card_id: number; is_liked: true }> {
  await requireCard(db, cardId);
  await db.$executeRaw`
    INSERT INTO card_like (account_id, card_id) VALUES (${accountId}, ${cardId}) ON CONFLICT DO NOTHING`;
  return { card_id: cardId, is_liked: true };
}

export async function unlikeCard(db: TDb, accountId: number, cardId: number): Promise<{ card_id: number; is_liked: false }> {
  await requireCard(db, cardId);
  await db.$executeRaw`DELETE FROM card_like WHERE account_id = ${accountId} AND card_id = ${cardId}`;
  return { card_id: cardId, is_liked: false };
}
