import type { TDb } from "~/server/db/client";
import type { Prisma } from "~/server/db/generated/prisma/client";
import { AppError } from "~/server/lib/errors";

/**
 * The daily caps of a team's invitations, so that a team's owners and admins cannot make the
 * service a mailer or fill other accounts' notifications:
 *
 * - E-mails: at most `MAILED_PER_DAY` invitation e-mails per team in any 24 hours, whichever way
 *   they go out (the invitation's own message when it is made, its notification's e-mail sent at
 *   once or in a digest by the notification e-mail run). Each way claims the invitation's e-mail
 *   here first (`claimInvitationMail`); an invitation is e-mailed at most once.
 * - Making: at most `MADE_PER_DAY` invitations per team in any 24 hours, links and e-mail-bound
 *   alike (`assertMayInvite`), refused with `429 throttled`. The operator's command line is not
 *   counted against it (it has the database anyway); its e-mails are.
 */

type TTx = Prisma.TransactionClient;

export const MAILED_PER_DAY = 50;
/** Twice the e-mails: room for links handed out by hand beside a full day of e-mailed ones. */
export const MADE_PER_DAY = 100;
const DAY_MS = 86_400_000;

/** Takes the team's row lock that orders its invitations' counting and writing (one at a time per team). */
async function lockTeamRow(tx: TTx, teamId: number): Promise<void> {
  await tx.$queryRaw`SELECT id FROM account_group WHERE id = ${teamId} FOR NO KEY UPDATE`;
}

/**
 * Refuses a team manager's invitation beyond MADE_PER_DAY in the last 24 hours with `429
 * throttled` and the time the next one can be made. Call inside the transaction that inserts it.
 */
export async function assertMayInvite(tx: TTx, teamId: number, now: Date): Promise<void> {
  await lockTeamRow(tx, teamId);
  const since = new Date(now.getTime() - DAY_MS);
  const recent = await tx.teamInvitation.findMany({
    where: { teamId, createdAt: { gt: since } },
    select: { createdAt: true },
    orderBy: { createdAt: "desc" },
    take: MADE_PER_DAY,
  });
  if (recent.length < MADE_PER_DAY) return;
  // The oldest of the last MADE_PER_DAY leaves the window first.
  const next = new Date(recent.at(-1)!.createdAt.getTime() + DAY_MS);
  const seconds = Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000));
  throw new AppError(
    "throttled",
    `This team has made ${MADE_PER_DAY} invitations in the last 24 hours, the most allowed: the next one can be made from ${next.toISOString().slice(0, 16).replace("T", " ")} UTC.`,
    { headers: { "Retry-After": String(seconds) } },
  );
}

/**
 * The outcome of asking to e-mail an invitation: `claimed` (send it now; it counts against the
 * team's cap, `releaseInvitationMail` gives the claim back when the mail server refused it),
 * `held` (the team has e-mailed MAILED_PER_DAY in the last 24 hours: it is not e-mailed), `done`
 * (e-mailed already, or no longer open: nothing to send).
 */
export type TInvitationMailClaim = { state: "claimed"; invitationId: number; at: Date } | { state: "held" | "done" };

/** Claims the e-mail of invitation `invitationId` under its team's daily cap (see TInvitationMailClaim). */
export async function claimInvitationMail(db: TDb, invitationId: number, now: Date = new Date()): Promise<TInvitationMailClaim> {
  return db.$transaction(async (tx) => {
    const inv = await tx.teamInvitation.findUnique({ where: { id: invitationId }, select: { teamId: true } });
    if (!inv) return { state: "done" };
    await lockTeamRow(tx, inv.teamId);
    // Read after the lock: a claim of the same invitation that committed meanwhile is seen.
    const open = await tx.teamInvitation.findFirst({
      where: { id: invitationId, mailedAt: null, usedAt: null, revokedAt: null, expiresAt: { gt: now } },
      select: { id: true },
    });
    if (!open) return { state: "done" };
    const mailed = await tx.teamInvitation.count({ where: { teamId: inv.teamId, mailedAt: { gt: new Date(now.getTime() - DAY_MS) } } });
    if (mailed >= MAILED_PER_DAY) return { state: "held" };
    await tx.teamInvitation.update({ where: { id: invitationId }, data: { mailedAt: now } });
    return { state: "claimed", invitationId, at: now };
  });
}

/** Gives a claim back after the mail server refused the e-mail: it no longer counts, and a later run may send it. */
export async function releaseInvitationMail(db: TDb, claim: TInvitationMailClaim): Promise<void> {
  if (claim.state !== "claimed") return;
  await db.teamInvitation.updateMany({ where: { id: claim.invitationId, mailedAt: claim.at }, data: { mailedAt: null } });
}
