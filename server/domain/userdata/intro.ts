import type { TDb } from "~/server/db/client";
import { validationError } from "~/server/lib/errors";
import { iso } from "~/server/lib/format";
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
  // The account's asked_intro flag is set in the same statement: from then on, card reads that show
  // has_intro_request read the primary, also once the requests are cancelled (a replica may still
  // hold them). The flag comes with the authenticated account (TAccount.askedIntro): the update
  // fires vm_auth, so every process forgets the tokens it remembers with the old value.
  const rows = await db.$queryRaw<{ id: number; card_id: number; message: string | null; created_at: Date }[]>`
    WITH flagged AS (UPDATE account SET asked_intro = true WHERE id = ${accountId} AND NOT asked_intro)
    INSERT INTO intro_request (account_id, card_id, message) VALUES (${accountId}, ${cardId}, ${message ?? null})
    ON CONFLICT (account_id, card_id) DO UPDATE SET message = COALESCE(EXCLUDED.message, intro_request.message)
    RETURNING id, card_id, message, created_at`;
  const r = rows[0]!;
  return { id: r.id, card_id: r.card_id, message: r.message, created_at: iso(r.created_at) };
}

/** The account's intro request for a card (its message and date), or null when there is none. */
export async function getIntro(db: TDb, accountId: number, cardId: number): Promise<TIntroRequest | null> {
  await requireCard(db, cardId);
  const rows = await db.$queryRaw<{ id: number; card_id: number; message: string | null; created_at: Date }[]>`
    SELECT id, card_id, message, created_at FROM intro_request WHERE account_id = ${accountId} AND card_id = ${cardId}`;
  const r = rows[0];
  return r ? { id: r.id, card_id: r.card_id, message: r.message, created_at: iso(r.created_at) } : null;
}

export async function cancelIntro(db: TDb, accountId: number, cardId: number): Promise<{ card_id: number; deleted: boolean }> {
  await requireCard(db, cardId);
  const n = await db.$executeRaw`DELETE FROM intro_request WHERE account_id = ${accountId} AND card_id = ${cardId}`;
  return { card_id: cardId, deleted: n > 0 };
}
