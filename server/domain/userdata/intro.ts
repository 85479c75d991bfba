import type { TDb } from "../../db/client";
import { validationError } from "../../lib/errors";
import { iso } from "../../lib/format";
import { requireCard } from "./cards";

/**
 * Intro requests (has_intro_request on cards): one per account and card, only for cards open to
 * intro (400 validation_error otherwise). Asking again keeps the first request and updates its
 * message when a new one is given.
 */

export interface TIntroRequest {
  id: number;
  card_id: number;
  message: string | null;
  created_at: string;
}

export async function requestIntro(db: TDb, accountId: number, cardId: number, message?: string): Promise<TIntroRequest> {
  const card = await requireCard(db, cardId);
  if (!card.open_to_intro) throw validationError("card_id", "this card does not accept intro requests");
  const rows = await db.$queryRaw<{ id: number; card_id: number; message: string | null; created_at: Date }[]>`
    INSERT INTO intro_request (account_id, card_id, message) VALUES (${accountId}, ${cardId}, ${message ?? null})
    ON CONFLICT (account_id, card_id) DO UPDATE SET message = COALESCE(EXCLUDED.message, intro_request.message)
    RETURNING id, card_id, message, created_at`;
  const r = rows[0]!;
  return { id: r.id, card_id: r.card_id, message: r.message, created_at: iso(r.created_at) };
}

export async function cancelIntro(db: TDb, accountId: number, cardId: number): Promise<{ card_id: number; deleted: boolean }> {
  await requireCard(db, cardId);
  const n = await db.$executeRaw`DELETE FROM intro_request WHERE account_id = ${accountId} AND card_id = ${cardId}`;
  return { card_id: cardId, deleted: n > 0 };
}
