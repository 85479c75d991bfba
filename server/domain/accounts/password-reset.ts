import { randomBytes } from "node:crypto";
import type { TDb } from "~/server/db/client";
import { composeMail } from "~/server/domain/mail/compose";
import { sendMail } from "~/server/domain/mail/transport";
import { hashToken } from "~/server/lib/token-hash";
import { assertPasswordRules, setPassword } from "./accounts";

/**
 * Password reset by e-mail (docs/security.md): a link `BASE_URL/reset-password/<token>` valid for
 * one hour and usable once. Only the token's SHA-256 is stored (table `password_reset`), so the
 * table's content opens no account. An account has at most one open link: issuing a new one
 * deletes the others, and a reset deletes every other link of the account. Setting the password
 * goes through `setPassword` (its rules, and the account's browser sessions end).
 *
 * Whether the e-mail belongs to an account is never told to the one asking: the page's answer is
 * the same either way and is given before this work runs (server/auth/password-reset.ts).
 */

export const RESET_LINK_TTL_MS = 60 * 60_000;

export type TResetLinkState = "valid" | "expired" | "used" | "unknown";

/** A link's token: 32 random bytes, base64url (43 characters). */
function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** A token can only be a short base64url word: anything else is unknown without a query. */
function plausibleToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{20,100}$/.test(token);
}

/**
 * A new link for the account with this e-mail, or undefined when there is none. Deletes the
 * account's earlier links and every expired link.
 */
export async function issuePasswordReset(
  db: TDb,
  emailInput: string,
  now: Date = new Date(),
): Promise<{ token: string; email: string; expiresAt: Date } | undefined> {
  const email = emailInput.trim().toLowerCase();
  const account = await db.account.findUnique({ where: { email }, select: { id: true, email: true } });
  await db.passwordReset.deleteMany({ where: { expiresAt: { lt: now } } });
  if (!account) return undefined;
  const token = newToken();
  const expiresAt = new Date(now.getTime() + RESET_LINK_TTL_MS);
  await db.$transaction([
    db.passwordReset.deleteMany({ where: { accountId: account.id } }),
    db.passwordReset.create({ data: { accountId: account.id, tokenHash: hashToken(token), expiresAt, createdAt: now } }),
  ]);
  return { token, email: account.email, expiresAt };
}

/** The reset e-mail's parts: where the link leads, for how long, and what to do if it was not you. */
function passwordResetMail(token: string): { subject: string; text: string; html: string } {
  const parts = composeMail({
    title: "Reset your Venture Monitor password",
    blocks: [
      { paragraph: "Someone (hopefully you) asked to reset the password of the Venture Monitor account with this e-mail address." },
      { action: { label: "Choose a new password", href: `/reset-password/${token}` } },
      { paragraph: "The link works once, within one hour. Setting a new password signs the account out of every browser." },
      { paragraph: "If you did not ask for this, ignore this e-mail: your password stays as it is." },
    ],
    footer: ["Sent by Venture Monitor because of a password reset request."],
  });
  return { subject: "Reset your Venture Monitor password", ...parts };
}

/**
 * Issues a link for the e-mail and sends it; true when an e-mail went out, false when no account
 * has this address. A refusal of the mail server is thrown.
 */
export async function sendPasswordReset(db: TDb, email: string, now: Date = new Date()): Promise<boolean> {
  const link = await issuePasswordReset(db, email, now);
  if (!link) return false;
  await sendMail({ to: link.email, ...passwordResetMail(link.token) });
  return true;
}

/** What a link's token stands for now. */
export async function resetLinkState(db: TDb, token: string, now: Date = new Date()): Promise<TResetLinkState> {
  if (!plausibleToken(token)) return "unknown";
  const row = await db.passwordReset.findUnique({ where: { tokenHash: hashToken(token) }, select: { expiresAt: true, usedAt: true } });
  if (!row) return "unknown";
  if (row.usedAt) return "used";
  return row.expiresAt <= now ? "expired" : "valid";
}

/**
 * Sets the password of the link's account and uses the link up. A password that breaks the
 * rules is refused (an AppError) before the link is touched, so a typo does not cost the link.
 * The link is taken by one conditional update: of two submissions, one wins and the other finds
 * it used.
 */
export async function resetPassword(
  db: TDb,
  input: { token: string; password: string },
  now: Date = new Date(),
): Promise<{ ok: true; email: string } | { ok: false; state: Exclude<TResetLinkState, "valid"> }> {
  assertPasswordRules(input.password);
  const state = await resetLinkState(db, input.token, now);
  if (state !== "valid") return { ok: false, state };
  const tokenHash = hashToken(input.token);
  const taken = await db.passwordReset.updateMany({
    where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (taken.count !== 1) {
    const after = await resetLinkState(db, input.token, now);
    return { ok: false, state: after === "valid" ? "used" : after };
  }
  const link = await db.passwordReset.findUniqueOrThrow({
    where: { tokenHash },
    select: { id: true, account: { select: { id: true, email: true } } },
  });
  await setPassword(db, { email: link.account.email, password: input.password });
  await db.passwordReset.deleteMany({ where: { accountId: link.account.id, id: { not: link.id } } });
  return { ok: true, email: link.account.email };
}
