import type { TDb } from "~/server/db/client";
import { notFound } from "~/server/lib/errors";

/**
 * Saved participants of one account (written from the browser, read through saved_only and
 * include_user_data). Every statement is keyed on the caller's account id.
 */

async function participantId(db: TDb, slug: string): Promise<number> {
  const row = await db.participant.findUnique({ where: { slug }, select: { id: true } });
  if (!row) throw notFound("Participant");
  return row.id;
}

/** Saves the participant for the account (idempotent). */
export async function saveParticipant(db: TDb, accountId: number, slug: string): Promise<{ slug: string; is_saved: true }> {
  const id = await participantId(db, slug);
  await db.$executeRaw`
    INSERT INTO saved_participant (account_id, participant_id) VALUES (${accountId}, ${id})
    ON CONFLICT (account_id, participant_id) DO NOTHING`;
  return { slug, is_saved: true };
}

/** Removes the participant from the account's saved ones (idempotent). */
export async function unsaveParticipant(db: TDb, accountId: number, slug: string): Promise<{ slug: string; is_saved: false }> {
  const id = await participantId(db, slug);
  await db.savedParticipant.deleteMany({ where: { accountId, participantId: id } });
  return { slug, is_saved: false };
}
