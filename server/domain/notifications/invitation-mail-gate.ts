import type { TDb } from "~/server/db/client";
import { claimInvitationMail, releaseInvitationMail, type TInvitationMailClaim } from "../teams/invitation-caps";

/**
 * An invitation's notification is e-mailed (at once or in a digest) only within its team's daily
 * cap on invitation e-mails (teams/invitation-caps.ts), which the invitation's own message counts
 * against too: the e-mail run asks here before it sends.
 */

interface TMailable {
  id: number;
  kind: string;
  data: unknown;
}

/** The invitation an invitation notification is about (inviteToTeam writes its id into `data`). */
function invitationIdOf(n: TMailable): number | undefined {
  const id = n.data && typeof n.data === "object" ? (n.data as { invitation_id?: unknown }).invitation_id : undefined;
  return typeof id === "number" && Number.isSafeInteger(id) ? id : undefined;
}

/**
 * Of notifications about to be e-mailed, those that may go out: every one that is not an
 * invitation's, and an invitation's whose e-mail its team's cap lets out now (claimed). The others
 * are settled without an e-mail (`emailed_at` set: held back by the cap, e-mailed already as the
 * invitation's own message, or the invitation is no longer open), so no run tries them again.
 * `claims` are given back with `releaseMailClaims` when the mail server refuses the message.
 */
export async function gateInvitationMails<T extends TMailable>(
  db: TDb,
  items: T[],
  now: Date,
): Promise<{ send: T[]; claims: TInvitationMailClaim[] }> {
  const send: T[] = [];
  const claims: TInvitationMailClaim[] = [];
  const settled: number[] = [];
  for (const n of items) {
    if (n.kind !== "invitation") {
      send.push(n);
      continue;
    }
    const id = invitationIdOf(n);
    const claim: TInvitationMailClaim = id === undefined ? { state: "done" } : await claimInvitationMail(db, id, now);
    if (claim.state === "claimed") {
      send.push(n);
      claims.push(claim);
    } else settled.push(n.id);
  }
  if (settled.length > 0) {
    await db.$executeRaw`UPDATE notification SET emailed_at = now() WHERE id = ANY(${settled}::int[]) AND emailed_at IS NULL`;
  }
  return { send, claims };
}

/** Gives the claims of a message the mail server refused back: those invitations may be e-mailed by a later run. */
export async function releaseMailClaims(db: TDb, claims: TInvitationMailClaim[]): Promise<void> {
  for (const claim of claims) await releaseInvitationMail(db, claim);
}
