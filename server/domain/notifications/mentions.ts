import type { TDb } from "~/server/db/client";
import { notify } from "./notify";

/** The comment a mention is in (the shape of a team comment, server/domain/teams/comments.ts). */
interface TMentioningComment {
  id: number;
  card_id: number;
  author: { email: string; name: string | null };
  text: string;
}

/**
 * One `mention` notification per mentioned teammate, once per comment (its subject key, so an
 * edit that mentions someone again notifies no one twice), linking to the comment on the card page.
 */
export async function notifyMentions(db: TDb, comment: TMentioningComment, mentioned: readonly number[]): Promise<void> {
  if (mentioned.length === 0) return;
  const card = await db.card.findUnique({ where: { id: comment.card_id }, select: { slug: true, name: true } });
  if (!card) return;
  const who = comment.author.name ?? comment.author.email;
  for (const accountId of mentioned) {
    await notify(db, accountId, {
      kind: "mention",
      subjectKey: `mention:${comment.id}`,
      title: `${who} mentioned you on ${card.name}`,
      body: comment.text,
      url: `/cards/${encodeURIComponent(card.slug)}#comment-${comment.id}`,
      cardId: comment.card_id,
    });
  }
}
