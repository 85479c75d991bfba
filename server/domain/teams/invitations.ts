import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { TDb } from "~/server/db/client";
import { env } from "~/server/env";
import { AppError, notFound, validationError } from "~/server/lib/errors";
import { iso } from "~/server/lib/format";
import { hashToken } from "~/server/lib/token-hash";
import { logActivity } from "./activity";
import { mailConfigured } from "../mail/transport";
import { assertMayInvite, claimInvitationMail, releaseInvitationMail } from "./invitation-caps";
import { mailInvitation } from "./invitation-mail";
import { requireManager } from "./membership";
import { joinTeam, teamById, type TTeam } from "./teams";

/**
 * Invitations to a team: a link `BASE_URL/join/<token>`, single use, valid 7 days, optionally bound
 * to one e-mail; only the SHA-256 of the token is stored, so the link is shown once. Owners and
 * admins make and revoke them (staff and the command line too, `actorId` null). A signed-in account
 * accepts one: the bound e-mail must be its own, and the account must not be in a team.
 */

const INVITATION_DAYS = 7;
const TOKEN_PREFIX = "vmj_";
const ZEmail = z.string().trim().toLowerCase().email().max(254);

type TInvitationState = "valid" | "expired" | "used" | "revoked";

export interface TInvitation {
  id: number;
  email: string | null;
  state: TInvitationState;
  created_by: { id: number; email: string } | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

type TRow = {
  id: number;
  email: string | null;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
  createdBy: { id: number; email: string } | null;
};

function stateOf(r: { usedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now = Date.now()): TInvitationState {
  if (r.revokedAt) return "revoked";
  if (r.usedAt) return "used";
  return r.expiresAt.getTime() <= now ? "expired" : "valid";
}

const toInvitation = (r: TRow): TInvitation => ({
  id: r.id,
  email: r.email,
  state: stateOf(r),
  created_by: r.createdBy,
  created_at: iso(r.createdAt),
  expires_at: iso(r.expiresAt),
  used_at: r.usedAt ? iso(r.usedAt) : null,
});

const joinUrl = (token: string): string => `${env().BASE_URL}/join/${token}`;

/**
 * Makes an invitation; the raw token and its link are returned once. A team manager may make
 * MADE_PER_DAY a day (429 beyond; invitation-caps.ts). One bound to an e-mail is also e-mailed when
 * SMTP_URL is set (`emailed`), unless `mail` is false (the address's account chose not to get
 * invitations at once by e-mail): the e-mail counts against the team's MAILED_PER_DAY, and beyond
 * it the invitation is not e-mailed (`held`; its maker copies the link).
 */
export async function makeInvitation(
  db: TDb,
  actorId: number | null,
  teamId: number,
  opts: { email?: string | null; now?: Date; mail?: boolean } = {},
): Promise<{ invitation: TInvitation; token: string; url: string; emailed: boolean; held: boolean }> {
  if (actorId !== null) await requireManager(db, actorId, teamId);
  else await teamById(db, teamId);
  let email: string | null = null;
  if (opts.email) {
    const parsed = ZEmail.safeParse(opts.email);
    if (!parsed.success) throw validationError("email", "must be an e-mail address");
    email = parsed.data;
  }
  const token = TOKEN_PREFIX + randomBytes(24).toString("base64url");
  const now = opts.now ?? new Date();
  const row = await db.$transaction(async (tx) => {
    if (actorId !== null) await assertMayInvite(tx, teamId, now);
    return tx.teamInvitation.create({
      data: {
        teamId,
        hash: hashToken(token),
        email,
        createdById: actorId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000),
      },
      include: { createdBy: { select: { id: true, email: true } } },
    });
  });
  await logActivity(db, teamId, actorId, "invitation_made", { invitation_id: row.id, email });
  const invitation = toInvitation(row);
  const url = joinUrl(token);
  let emailed = false;
  let held = false;
  if (email && opts.mail !== false && mailConfigured()) {
    const claim = await claimInvitationMail(db, row.id, now);
    held = claim.state === "held";
    if (claim.state === "claimed") {
      emailed = await mailInvitation(db, { teamId, email, invitedBy: actorId, url, expiresAt: invitation.expires_at });
      if (!emailed) await releaseInvitationMail(db, claim);
    }
  }
  return { invitation, token, url, emailed, held };
}

/** The team's invitations that are still open, newest first (owners and admins). */
export async function listInvitations(db: TDb, actorId: number, teamId: number): Promise<TInvitation[]> {
  await requireManager(db, actorId, teamId);
  const rows = await db.teamInvitation.findMany({
    where: { teamId, usedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: { createdBy: { select: { id: true, email: true } } },
  });
  return rows.map(toInvitation);
}

export async function revokeInvitation(db: TDb, actorId: number, teamId: number, invitationId: number): Promise<TInvitation> {
  await requireManager(db, actorId, teamId);
  const n = await db.teamInvitation.updateMany({
    where: { id: invitationId, teamId, usedAt: null, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (n.count === 0) throw notFound("Invitation");
  await logActivity(db, teamId, actorId, "invitation_revoked", { invitation_id: invitationId });
  const row = await db.teamInvitation.findUniqueOrThrow({
    where: { id: invitationId },
    include: { createdBy: { select: { id: true, email: true } } },
  });
  return toInvitation(row);
}

export interface TInvitationPreview {
  team: { id: number; name: string };
  state: TInvitationState;
  /** Whether the invitation is bound to an e-mail other than the viewer's. */
  wrong_email: boolean;
  /** Whether the viewer is already in a team (then they cannot accept). */
  in_team: boolean;
  expires_at: string;
}

async function byToken(db: TDb, token: string) {
  if (token.length > 200) return null;
  return db.teamInvitation.findUnique({ where: { hash: hashToken(token) }, include: { team: { select: { id: true, name: true } } } });
}

/** What /join/<token> shows a signed-in account (404 for an unknown token). */
export async function previewInvitation(db: TDb, accountId: number, token: string): Promise<TInvitationPreview> {
  const inv = await byToken(db, token);
  if (!inv) throw notFound("Invitation");
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { email: true, groupId: true } });
  return {
    team: inv.team,
    state: stateOf(inv),
    wrong_email: inv.email !== null && inv.email !== account.email.toLowerCase(),
    in_team: account.groupId !== null,
    expires_at: iso(inv.expiresAt),
  };
}

const REFUSAL: Record<Exclude<TInvitationState, "valid">, string> = {
  expired: "This invitation has expired: ask the team for a new link.",
  used: "This invitation has already been used: ask the team for a new link.",
  revoked: "This invitation was withdrawn: ask the team for a new link.",
};

/** Accepts an invitation as `accountId` (single use even when accepted twice at once). */
export async function acceptInvitation(db: TDb, accountId: number, token: string): Promise<TTeam> {
  const inv = await byToken(db, token);
  if (!inv) throw notFound("Invitation");
  return takeInvitation(db, accountId, inv);
}

/** Takes a found invitation for `accountId`: valid, bound to its e-mail if bound at all, used once. */
export async function takeInvitation(
  db: TDb,
  accountId: number,
  inv: { id: number; teamId: number; email: string | null; usedAt: Date | null; revokedAt: Date | null; expiresAt: Date },
): Promise<TTeam> {
  const state = stateOf(inv);
  if (state !== "valid") throw new AppError("conflict", REFUSAL[state]);
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { email: true } });
  if (inv.email !== null && inv.email !== account.email.toLowerCase()) {
    throw new AppError("permission_denied", "This invitation is for another e-mail address: sign in with that account.");
  }
  await db.$transaction(async (tx) => {
    const taken = await tx.teamInvitation.updateMany({
      where: { id: inv.id, usedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
      data: { usedAt: new Date(), usedById: accountId },
    });
    if (taken.count === 0) throw new AppError("conflict", REFUSAL.used);
    await joinTeam(tx, inv.teamId, accountId, "member", accountId);
    await logActivity(tx, inv.teamId, accountId, "invitation_used", { invitation_id: inv.id });
  });
  return teamById(db, inv.teamId);
}
