import type { TDb } from "~/server/db/client";
import { logger } from "~/server/lib/logger";
import { composeMail } from "../mail/compose";
import { mailConfigured, sendMail } from "../mail/transport";

/**
 * The e-mail of an invitation bound to an address (DESIGN: teams), sent when SMTP_URL is set: who
 * invites, to which team, and the single-use link. The link exists only here and in the answer to
 * its maker (the database keeps its hash). Answers whether the mail server accepted it; a refusal
 * is logged and leaves the invitation usable (its maker can copy the link instead).
 */
export async function mailInvitation(
  db: TDb,
  invitation: { teamId: number; email: string; invitedBy: number | null; url: string; expiresAt: string },
): Promise<boolean> {
  if (!mailConfigured()) return false;
  const [team, inviter] = await Promise.all([
    db.group.findUnique({ where: { id: invitation.teamId }, select: { name: true } }),
    invitation.invitedBy === null
      ? null
      : db.account.findUnique({ where: { id: invitation.invitedBy }, select: { email: true, name: true } }),
  ]);
  const teamName = team?.name ?? "a team";
  const who = inviter ? (inviter.name ?? inviter.email) : "An administrator";
  const subject = `Join ${teamName} on Venture Monitor`;
  const parts = composeMail({
    title: subject,
    blocks: [
      { paragraph: `${who} invites you to join ${teamName} on Venture Monitor, to share folders, saved filters and comments on cards.` },
      { action: { label: "Join the team", href: invitation.url } },
      {
        paragraph: `The link works once, until ${invitation.expiresAt.slice(0, 10)}, for ${invitation.email} only. Sign in (or ask for an account) to accept it.`,
      },
    ],
    footer: ["Sent by Venture Monitor because a team invited this address. If you do not know them, ignore this e-mail."],
  });
  try {
    await sendMail({ to: invitation.email, subject, ...parts });
    return true;
  } catch (error) {
    logger.warn("team invitation e-mail not sent", { team_id: invitation.teamId, error: (error as Error).message });
    return false;
  }
}
