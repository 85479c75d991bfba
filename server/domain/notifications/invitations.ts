import type { TDb } from "~/server/db/client";
import { makeInvitation, revokeInvitation } from "../teams/invitations";
import { getPreferences } from "./preferences";
import { notify } from "./notify";

/**
 * Team invitations as notifications (docs/notifications.md): an invitation bound to the address of
 * an existing account also reaches that account in the workspace, linking to /settings/team where it
 * is accepted without the link. Its e-mail follows the account's choice for invitations: at once it
 * is the invitation's own message with the link (and the notification is marked e-mailed, so it is
 * not sent twice); in a digest or off, no message goes out now. An address without an account
 * gets the invitation's message as before. Every way counts against the team's daily e-mail cap
 * (teams/invitation-caps.ts): an invitation it held back is never e-mailed, so its notification is
 * marked as the e-mail run's business done (it stays in the workspace).
 */
export async function inviteToTeam(db: TDb, actorId: number | null, teamId: number, email: string | null) {
  const invitee = email ? await db.account.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true } }) : null;
  const mode = invitee ? (await getPreferences(db, invitee.id)).kinds.find((k) => k.kind === "invitation")?.email : "instant";
  const made = await makeInvitation(db, actorId, teamId, { email, mail: mode === "instant" });
  if (invitee) {
    const [team, inviter] = await Promise.all([
      db.group.findUnique({ where: { id: teamId }, select: { name: true } }),
      actorId === null ? null : db.account.findUnique({ where: { id: actorId }, select: { email: true, name: true } }),
    ]);
    const who = inviter ? (inviter.name ?? inviter.email) : "An administrator";
    await notify(db, invitee.id, {
      kind: "invitation",
      subjectKey: invitationSubject(made.invitation.id),
      title: `${who} invites you to join ${team?.name ?? "a team"}`,
      body: `Until ${made.invitation.expires_at.slice(0, 10)}. Accept it in your team settings.`,
      url: "/settings/team",
      data: { invitation_id: made.invitation.id, team_id: teamId },
      emailed: made.emailed || made.held,
    });
  }
  return made;
}

const SUBJECT_PREFIX = "invitation:";
const invitationSubject = (invitationId: number) => `${SUBJECT_PREFIX}${invitationId}`;

/**
 * Withdraws an open invitation (owners and admins); the invitee's notification of it now leads
 * nowhere, so it is read: off the bell, and out of the next digest.
 */
export async function withdrawInvitation(db: TDb, actorId: number, teamId: number, invitationId: number) {
  const invitation = await revokeInvitation(db, actorId, teamId, invitationId);
  await db.$executeRaw`
    UPDATE notification SET read_at = now()
     WHERE kind = 'invitation' AND subject_key = ${invitationSubject(invitationId)} AND read_at IS NULL`;
  return invitation;
}

/** Once the account joined a team, the invitations to it that it was notified of are read. */
export async function markTeamInvitationsRead(db: TDb, accountId: number, teamId: number): Promise<void> {
  await db.$executeRaw`
    UPDATE notification SET read_at = now()
     WHERE account_id = ${accountId} AND kind = 'invitation' AND read_at IS NULL AND (data->>'team_id')::int = ${teamId}`;
}

/**
 * Invitations that expired unanswered: their notifications lead nowhere any more (the invitation
 * is gone from /settings/team), so they are read, as a withdrawn one's is: off the bell and out of
 * the next digest. Part of every notifications run; answers how many it marked.
 */
export async function readExpiredInvitations(db: TDb, now: Date = new Date()): Promise<number> {
  return db.$executeRaw`
    UPDATE notification n SET read_at = ${now}
      FROM team_invitation i JOIN account a ON a.email = i.email
     WHERE i.expires_at <= ${now} AND i.used_at IS NULL AND i.revoked_at IS NULL
       AND n.account_id = a.id AND n.subject_key = ${SUBJECT_PREFIX} || i.id AND n.read_at IS NULL`;
}
