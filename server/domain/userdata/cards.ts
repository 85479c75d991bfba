import type { TDb } from "~/server/db/client";
import { notFound } from "~/server/lib/errors";

/** The card a per-user action is about: 404 not_found when there is no such card. */
export async function requireCard(db: TDb, cardId: number): Promise<{ id: number; open_to_intro: boolean }> {
  const rows = await db.$queryRaw<{ id: number; open_to_intro: boolean }[]>`
    SELECT id, open_to_intro FROM card WHERE id = ${cardId}`;
  if (!rows[0]) throw notFound("Card");
  return rows[0];
}
